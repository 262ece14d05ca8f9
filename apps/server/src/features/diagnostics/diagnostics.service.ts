import type { Readable } from 'node:stream';
import {
  DIAGNOSTICS_LIMITS as L,
  DIAGNOSTICS_MESSAGES as M,
  api,
  diagnosticReportRoutes,
  type BistReport,
  type DiagnosticFile,
  type DiagnosticFileList,
  type DiagnosticOverview,
  type DiagnosticReportQuery,
  type DiagnosticReportRoute,
  type DiagnosticReportTypes,
  type DiagnosticSeriesQuery,
  type AimMetricsReport,
  type AimTrackingReport,
  type EndpointDefinition,
  type PostReport,
  type StorageBlobUrlBody,
  RESOURCES_MESSAGES,
  isDocumentContainer,
} from '@aerie/contract';
import { BlobNotFoundError, type BlobStore } from '../../adapters/blob-store.js';
import type { AccessRule, Authorize, Grant } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../plugins/errors.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { AppServices } from '../feature.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { presentDiagnosticFile } from './diagnostics.presenter.js';
import type { DiagnosticFileRow, DiagnosticsRepository } from './diagnostics.repository.js';
import type { AssetDevice, BundleContents } from './reports/index.js';
import type { SeriesIndex } from './series/series-index.js';
import { signBlobToken, verifyBlobToken } from './signed-url.js';
import { bundleKey, parseStoragePath } from './storage-path.js';
import { storedContents } from './stored-contents.js';

/** The report builders of ./reports (pure functions of a bundle's contents). */
export interface ReportBuilders {
  buildOverview(
    contents: BundleContents,
    file: { fileName: string; antennaSerial: string },
    asset: AssetDevice | null,
  ): Promise<DiagnosticOverview>;
  buildBistReport(contents: BundleContents): Promise<BistReport>;
  buildPostReport(contents: BundleContents): Promise<PostReport>;
}

export interface DiagnosticsServiceDeps {
  repo: DiagnosticsRepository;
  blobs: BlobStore;
  authorize: Authorize;
  deviceInScope: DeviceInScope;
  reports: ReportBuilders;
  /** The tracking and metrics reports' index (series/series-index.ts). */
  series: Pick<SeriesIndex, 'tracking' | 'metrics'>;
  /** The key of signed download URLs. */
  urlKey: () => Promise<Buffer>;
  /** The portal's public address: signed URLs start with it. */
  publicUrl: string;
  /** The document library, whose containers the signed URLs serve too (decision 040). */
  documents: Pick<AppServices['documents'], 'fileAt' | 'open'>;
  now?: () => number;
}

/** A stored file to send: its name, size and bytes (a bundle, or a file of the library). */
export interface BundleDownload {
  fileName: string;
  size: number;
  stream: Readable;
  /** Inline (a signed URL's `view`) or an attachment. */
  inline: boolean;
  /** The library file's type; a bundle's is BUNDLE_CONTENT_TYPE. */
  contentType?: string;
}

/** The report types of spec 001 §2, by route value. */
const REPORT_NAMES: Record<DiagnosticReportRoute, string> = {
  overview: 'Overview',
  bist: 'BIST',
  post: 'POST',
  'aim-tracking': 'AIM Tracking',
  'aim-metric': 'Metrics',
  'system-logs': 'Search',
};
const ENABLED_REPORTS: ReadonlySet<DiagnosticReportRoute> = new Set([
  'overview',
  'bist',
  'post',
  'aim-tracking',
  'aim-metric',
  'system-logs',
]);

const rule = (endpoint: EndpointDefinition): AccessRule => endpoint.access as AccessRule;

/** `POST /v2/storage/blob` for the diagnostics container: the role is checked on the file. */
const DIAGNOSTIC_FILE_RULE: AccessRule = {
  kind: 'permission',
  permission: 'diagnostics.upload',
  check: 'object',
};

/**
 * Reading stored diagnostic files (spec 001 §5, §7; decision 039). Every file is looked up
 * within the caller's accounts first (404 outside them), then the role checked (403), as
 * decision 023 orders it.
 */
export function createDiagnosticsService(deps: DiagnosticsServiceDeps) {
  const { repo, blobs } = deps;
  const now = deps.now ?? Date.now;

  /** The file at `{serial}/{fileName}` within the grant: 400 for a malformed path, then 404. */
  async function fileAt(
    grant: Grant,
    path: string,
    serial: string,
    field: string,
  ): Promise<DiagnosticFileRow> {
    const at = parseStoragePath(path, serial);
    if (!at) throw new BadRequestError(M.download.invalidPath, field);
    return grant.found(
      await repo.byName(grant.scope, at.antennaSerial, at.fileName),
      M.serverFileNotFound,
    );
  }

  async function open(file: DiagnosticFileRow, inline: boolean): Promise<BundleDownload> {
    try {
      const stream = await blobs.read(bundleKey(file));
      return { fileName: file.fileName, size: file.fileSize, stream, inline };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new NotFoundError(M.serverFileNotFound);
      throw error;
    }
  }

  /** A report's file: found (404), allowed (403), processed (409 while queued or rejected). */
  async function readyFile(
    principal: Principal,
    endpoint: EndpointDefinition,
    q: DiagnosticReportQuery,
  ) {
    const grant = await deps.authorize(principal, rule(endpoint));
    const file = await fileAt(grant, q.relativePath, q.antennaSerial, 'relativePath');
    if (file.status === 'Queued' || file.status === 'Processing') {
      throw new ConflictError(M.stillProcessing);
    }
    if (file.status === 'Rejected') {
      throw new ConflictError(M.rejected(file.statusMessage ?? M.unknownError));
    }
    return { grant, file, contents: storedContents(repo, blobs, file.id) };
  }

  /** The portal's record of the file's device (or of the antenna's device now), in scope. */
  async function assetOf(grant: Grant, file: DiagnosticFileRow): Promise<AssetDevice | null> {
    const deviceId = file.deviceId ?? (await repo.deviceWithAntenna(file.antennaSerial))?.id;
    const device = deviceId ? await deps.deviceInScope(grant.scope, deviceId) : null;
    if (!device) return null;
    return {
      serial: device.serial,
      softwareVersion: device.software.currentVersion,
      features: device.features,
      components: device.components.map((c) => ({ type: c.type, serial: c.serial })),
    };
  }

  return {
    /** A report's Ready file (the log search's too): 400, 404, 403, then 409 while not Ready. */
    async readyFile(
      principal: Principal,
      endpoint: EndpointDefinition,
      q: DiagnosticReportQuery,
    ): Promise<DiagnosticFileRow> {
      return (await readyFile(principal, endpoint, q)).file;
    },

    /** `GET /v2/storage/diagnostics/{serial}/items`: newest first, within the caller's accounts. */
    async list(
      principal: Principal,
      serial: string,
      query: { skip: number; take: number },
    ): Promise<DiagnosticFileList> {
      const { scope } = await deps.authorize(principal, rule(api.diagnostics.list));
      const { rows, total } = await repo.listBySerial(scope, serial, query.skip, query.take);
      return { items: rows.map(presentDiagnosticFile), total };
    },

    /** `GET /v2/storage/diagnostics/{serial}/download?path=`: the bundle as uploaded. */
    async download(principal: Principal, serial: string, path: string): Promise<BundleDownload> {
      const grant = await deps.authorize(principal, rule(api.diagnostics.download));
      return open(await fileAt(grant, path, serial, 'path'), false);
    },

    /**
     * `POST /v2/storage/blob`: a signed URL of a stored bundle or a file of the library, valid
     * L.signedUrlSeconds. A library file is every signed-in user's; the token names it by id.
     */
    async blobUrl(principal: Principal, body: StorageBlobUrlBody): Promise<string> {
      const expiresAt = Math.floor(now() / 1000) + L.signedUrlSeconds;
      const view = body.view ?? false;
      let claims;
      if (isDocumentContainer(body.container)) {
        await deps.authorize(principal, { kind: 'signedIn' });
        const file = await deps.documents.fileAt(body.container, body.filePath, 'filePath');
        claims = { container: body.container, path: file.id, view, expiresAt };
      } else {
        const grant = await deps.authorize(principal, DIAGNOSTIC_FILE_RULE);
        const serial = body.filePath.slice(0, Math.max(0, body.filePath.indexOf('/')));
        const file = await fileAt(grant, body.filePath, serial, 'filePath');
        claims = {
          container: 'diagnostics',
          path: `${file.antennaSerial}/${file.fileName}`,
          view,
          expiresAt,
        };
      }
      const token = signBlobToken(await deps.urlKey(), claims);
      return `${deps.publicUrl}${api.diagnostics.signedBlob.path}?token=${token}`;
    },

    /** `GET /v2/storage/blob/signed`: the file of a valid token; 403 for any other token. */
    async signedBlob(token: string): Promise<BundleDownload> {
      const claims = verifyBlobToken(await deps.urlKey(), token, now());
      if (claims && isDocumentContainer(claims.container)) {
        const file = await deps.documents.open(claims.path, claims.view);
        if (!file) throw new NotFoundError(RESOURCES_MESSAGES.documentNotFound);
        return file;
      }
      const at = claims?.container === 'diagnostics' ? parseStoragePath(claims.path) : null;
      if (!claims || !at) throw new ForbiddenError(S.invalidLink);
      const file = await repo.byName({ all: true }, at.antennaSerial, at.fileName);
      if (!file) throw new NotFoundError(M.serverFileNotFound);
      return open(file, claims.view);
    },

    /** `GET /v2/devices/{id}/diagnostics/{fileHash}`: a file of the device's antennas by hash. */
    async fileByHash(
      principal: Principal,
      deviceId: string,
      fileHash: string,
    ): Promise<DiagnosticFile> {
      const grant = await deps.authorize(principal, rule(api.diagnostics.fileByHash));
      const device = await deps.deviceInScope(grant.scope, deviceId);
      const serials = (device?.components ?? [])
        .filter((c) => c.type === 'Antenna')
        .map((c) => c.serial);
      const file = device
        ? await repo.byHashForDevice(grant.scope, fileHash, device.id, serials)
        : null;
      return presentDiagnosticFile(grant.found(file, M.serverFileNotFound));
    },

    /** `GET /v1/diagnostics/reports`: the six report types and which can be shown. */
    async reportTypes(principal: Principal): Promise<DiagnosticReportTypes> {
      await deps.authorize(principal, rule(api.diagnostics.reportTypes));
      return {
        reports: diagnosticReportRoutes.map((route) => ({
          name: REPORT_NAMES[route],
          route,
          enabled: ENABLED_REPORTS.has(route),
        })),
      };
    },

    async overview(principal: Principal, q: DiagnosticReportQuery): Promise<DiagnosticOverview> {
      const { grant, file, contents } = await readyFile(principal, api.diagnostics.overview, q);
      return deps.reports.buildOverview(contents, file, await assetOf(grant, file));
    },

    async bist(principal: Principal, q: DiagnosticReportQuery): Promise<BistReport> {
      const { contents } = await readyFile(principal, api.diagnostics.bist, q);
      return deps.reports.buildBistReport(contents);
    },

    async post(principal: Principal, q: DiagnosticReportQuery): Promise<PostReport> {
      const { contents } = await readyFile(principal, api.diagnostics.post, q);
      return deps.reports.buildPostReport(contents);
    },

    /** The tracking log for a range, downsampled, with the blockage zones (decision 041). */
    async aimTracking(principal: Principal, q: DiagnosticSeriesQuery): Promise<AimTrackingReport> {
      const { file } = await readyFile(principal, api.diagnostics.aimTracking, q);
      return deps.series.tracking(file.id, q);
    },

    /** Every metric of the metrics log for a range, downsampled (decision 041). */
    async aimMetrics(principal: Principal, q: DiagnosticSeriesQuery): Promise<AimMetricsReport> {
      const { file } = await readyFile(principal, api.diagnostics.aimMetrics, q);
      return deps.series.metrics(file.id, q);
    },
  };
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
