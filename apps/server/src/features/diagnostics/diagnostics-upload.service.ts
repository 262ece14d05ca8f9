import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  DIAGNOSTICS_LIMITS as L,
  DIAGNOSTICS_MESSAGES as M,
  antennaSerialSchema,
  api,
  type DiagnosticUploadResponse,
} from '@aerie/contract';
import { isKdpError, parseBundleName, type BundleName } from '@aerie/kdp';
import type { BlobStore } from '../../adapters/blob-store.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, ConflictError } from '../../plugins/errors.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { AppServices } from '../feature.js';
import { PROCESS_BUNDLE_JOB, type BundleProcessor } from './bundle-processor.js';
import type { BundleQueue } from './bundle-queue.js';
import type { StreamingUnpack } from './bundle-unpack-worker.js';
import type { DiskSpace } from './disk-space.js';
import {
  streamError,
  UploadMeter,
  UploadSpaceError,
  type UploadPart,
} from './diagnostics-upload.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import {
  presentDiagnosticDevice,
  presentDiagnosticFile,
  presentStorageBlob,
} from './diagnostics.presenter.js';
import type { AntennaDeviceRow, DiagnosticsRepository } from './diagnostics.repository.js';
import { bundleKey } from './storage-path.js';

/** Where uploads' bytes are staged in the blob store until they are filed. */
export const STAGING_PREFIX = 'uploads';

export interface UploadLog {
  warn(obj: object, msg: string): void;
}

export interface DiagnosticsUploadDeps {
  repo: DiagnosticsRepository;
  blobs: BlobStore;
  authorize: Authorize;
  jobs: Pick<AppServices['jobs'], 'createJob'>;
  queue: Pick<BundleQueue, 'start' | 'sendInTransaction' | 'wake'>;
  /** Unpacks bundles while they upload, when it can (else the queue processes them). */
  processor: Pick<BundleProcessor, 'startStreaming' | 'adopt'>;
  /** The largest bundle accepted (DIAGNOSTICS_MAX_FILE_BYTES, at most L.maxFileBytes). */
  maxFileBytes: number;
  /** The data disk: an upload is refused when a bundle of the largest size would not fit. */
  space: DiskSpace;
  log: UploadLog;
}

/** A bundle whose bytes are stored under a temporary key, not yet a file. */
interface StagedBundle {
  tempKey: string;
  name: BundleName;
  fileName: string;
  size: number;
  md5: string;
  /** The bundle unpacked as it uploaded, or null: the queue processes it from the store. */
  unpack: StreamingUnpack | null;
}

/** A bundle to store: its name and where its bytes come from. */
export interface IncomingBundle {
  fileName: string;
  stream: Readable;
}

/**
 * Storing uploaded bundles (spec 001 §5, §7; decision 039): the bytes stream to a temporary
 * blob while their MD5 is computed and their count checked; then, in one transaction, the file
 * row (one per serial and name: a duplicate adds nothing), its job and its pg-boss job are
 * created and the blob moved into place. A failure anywhere leaves no blob and no row.
 */
export function createDiagnosticsUploadService(deps: DiagnosticsUploadDeps) {
  const { repo, blobs } = deps;

  function checkedName(fileName: string, serial: string, declared: string | null): BundleName {
    let name: BundleName;
    try {
      name = parseBundleName(fileName);
    } catch (error) {
      if (isKdpError(error)) throw new BadRequestError(error.message, L.fileField);
      throw error;
    }
    // Only the last segment counts for parseBundleName; a stored name is that segment alone.
    if (/[/\\]/.test(fileName)) throw new BadRequestError(M.badFileName, L.fileField);
    if (name.antennaSerial !== serial) {
      throw new BadRequestError(M.serialMismatch(name.antennaSerial, serial), L.fileField);
    }
    if (declared !== null && name.antennaSerial !== declared) {
      throw new BadRequestError(M.serialMismatch(name.antennaSerial, declared), L.serialField);
    }
    return name;
  }

  /**
   * Streams the bytes into a temporary blob, metered and hashed, and (unless the name is stored
   * already) to a worker that unpacks them meanwhile; nothing is left when it fails.
   */
  async function stage(incoming: IncomingBundle, name: BundleName): Promise<StagedBundle> {
    // The size is known only at the end: room for the largest is asked before the first byte.
    if (!(await deps.space.allows(deps.maxFileBytes))) throw new UploadSpaceError();
    const tempKey = `${STAGING_PREFIX}/${randomUUID()}`;
    const stored = await repo.byName({ all: true }, name.antennaSerial, incoming.fileName);
    const unpack = stored ? null : await deps.processor.startStreaming();
    const meter = new UploadMeter(deps.maxFileBytes);
    // Errors travel both ways: a client that goes away fails the write, a write that fails
    // (the limit, the disk) stops reading the client.
    const metered = unpack
      ? pipeline(incoming.stream, meter, unpack.tee, () => {})
      : pipeline(incoming.stream, meter, () => {});
    try {
      const { size } = await blobs.write(tempKey, metered);
      return { tempKey, name, fileName: incoming.fileName, size, md5: meter.md5(), unpack };
    } catch (error) {
      await unpack?.discard();
      throw streamError(error);
    }
  }

  /** Files a staged bundle; the answer names the stored file (a duplicate's is the earlier one). */
  async function file(
    principal: Principal | null,
    scope: AccountScope,
    staged: StagedBundle,
  ): Promise<DiagnosticUploadResponse['data']> {
    const serial = staged.name.antennaSerial;
    const device: AntennaDeviceRow | null = await repo.deviceWithAntenna(serial);
    const accountId = device?.accountId ?? (await repo.providerAccountId());
    // Started outside the transaction: starting uses the pool (on PGlite, its one connection).
    await deps.queue.start();
    const fileId = await repo.transaction(async (tx) => {
      const id = await repo.insertFile(tx, {
        antennaSerial: serial,
        fileName: staged.fileName,
        fileHash: staged.md5,
        fileSize: staged.size,
        diagnosticCreatedOn: staged.name.takenAt,
        accountId,
        deviceId: device?.id ?? null,
        uploadedBy: principal?.userId ?? null,
      });
      if (id === null) return null;
      const job = await deps.jobs.createJob(
        PROCESS_BUNDLE_JOB,
        accountId,
        device?.id ?? null,
        principal?.userId ?? null,
        { fileId: id, antennaSerial: serial, fileName: staged.fileName },
        { db: tx },
      );
      await repo.setJob(tx, id, job.id);
      // Unpacked as it uploaded: the processor takes it over after the commit (a restart
      // before it ended queues it again: resumeUnfinished).
      if (!staged.unpack) await deps.queue.sendInTransaction(id, tx);
      await blobs.move(
        staged.tempKey,
        bundleKey({ antennaSerial: serial, fileName: staged.fileName }),
      );
      return id;
    });
    if (fileId === null) await discard(staged);
    else if (staged.unpack) {
      // The processor's from here on: a failure below no longer discards it.
      void deps.processor.adopt(fileId, staged.unpack);
      staged.unpack = null;
    } else deps.queue.wake();
    const row =
      fileId === null ? await repo.byName(scope, serial, staged.fileName) : await repo.byId(fileId);
    // NOTE: a duplicate outside the caller's accounts is not shown (it cannot happen while
    // only staff upload: they see every account).
    if (!row) throw new ConflictError(S.duplicateElsewhere);
    return {
      device: device ? presentDiagnosticDevice(device) : null,
      items: [presentStorageBlob(row)],
      file: presentDiagnosticFile(row),
      duplicate: fileId === null,
    };
  }

  /** Files a staged bundle, or removes its temporary blob when that fails. */
  async function fileStaged(
    principal: Principal | null,
    scope: AccountScope,
    staged: StagedBundle,
  ): Promise<DiagnosticUploadResponse['data']> {
    try {
      if (staged.size === 0) throw new BadRequestError(M.emptyFile, L.fileField);
      return await file(principal, scope, staged);
    } catch (error) {
      await discard(staged);
      throw error;
    }
  }

  async function discard(staged: StagedBundle): Promise<void> {
    await staged.unpack?.discard();
    await blobs.remove(staged.tempKey).catch((err: unknown) => {
      deps.log.warn({ err, key: staged.tempKey }, 'could not remove a staged upload');
    });
  }

  return {
    /**
     * `POST /v2/storage/diagnostics/{serial}`: the parts as they stream in, the serial field
     * (if any) before the one file. The file's name must carry `serial` (and the field's). The
     * bundle is filed only once the whole body was read without a fault.
     */
    async upload(
      principal: Principal,
      serial: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<DiagnosticUploadResponse> {
      const { scope } = await deps.authorize(principal, api.diagnostics.upload.access);
      let declared: string | null = null;
      let staged: StagedBundle | null = null;
      try {
        for await (const part of parts) {
          if (part.kind === 'serial') {
            if (!antennaSerialSchema.safeParse(part.value).success) {
              throw new BadRequestError(S.serialFieldInvalid, L.serialField);
            }
            declared = part.value;
            continue;
          }
          const name = checkedName(part.fileName, serial, declared);
          staged = await stage(part, name);
        }
      } catch (error) {
        if (staged) await discard(staged);
        throw error;
      }
      if (!staged) throw new BadRequestError(M.fileRequired, L.fileField);
      return { data: await fileStaged(principal, scope, staged) };
    },

    /**
     * Stores a bundle without a request (the demo's seeding): the same checks and outcome as
     * an upload by nobody in particular.
     */
    async storeBundle(incoming: IncomingBundle): Promise<DiagnosticUploadResponse['data']> {
      const name = parseBundleName(incoming.fileName);
      if (/[/\\]/.test(incoming.fileName)) throw new BadRequestError(M.badFileName, L.fileField);
      return fileStaged(null, { all: true }, await stage(incoming, name));
    },
  };
}
export type DiagnosticsUploadService = ReturnType<typeof createDiagnosticsUploadService>;
