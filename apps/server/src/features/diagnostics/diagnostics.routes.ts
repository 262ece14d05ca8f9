import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DIAGNOSTICS_LIMITS as L, api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { TooManyRequestsError } from '../../plugins/errors.js';
import { callerKey } from '../../plugins/request-limits.js';
import { requireMultipartUpload, uploadParts } from './diagnostics-upload.js';
import type { DiagnosticsUploadService } from './diagnostics-upload.service.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { BUNDLE_CONTENT_TYPE } from './diagnostics.presenter.js';
import type { BundleDownload, DiagnosticsService } from './diagnostics.service.js';
import type { LogSearchService } from './logs/log-search.service.js';

/** `attachment` or `inline` with the name in ASCII and in UTF-8 (RFC 6266). */
function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function send(reply: FastifyReply, file: BundleDownload): FastifyReply {
  return reply
    .header(
      'Content-Disposition',
      disposition(file.inline ? 'inline' : 'attachment', file.fileName),
    )
    .header('Content-Length', String(file.size))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type(file.contentType ?? BUNDLE_CONTENT_TYPE)
    .send(file.stream);
}

/**
 * Uploads one caller may have running at once (spec 001 §9: the tool runs 3 in parallel): each
 * holds a disk stream and up to 500 MB of a connection, so more are refused (429), not queued.
 */
function uploadSlots(max: number) {
  const running = new Map<string, number>();
  return async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    const key = callerKey(request);
    const n = running.get(key) ?? 0;
    if (n >= max) throw new TooManyRequestsError(S.tooManyUploads(max), 2);
    running.set(key, n + 1);
    try {
      return await work();
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    }
  };
}

/** An abort signal of the request: aborted when the client goes away before the answer ends. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away.'));
  });
  return controller.signal;
}

export function diagnosticsRoutes(
  service: DiagnosticsService,
  uploads: DiagnosticsUploadService,
  logs: LogSearchService,
  options: { maxFileBytes: number },
): FastifyPluginAsync {
  return async (app) => {
    // Multipart bodies in this feature's scope only: every other route still refuses them (415).
    await app.register(multipart);
    // An answer sent before the body was read (a refused or oversized upload): the connection
    // closes rather than reading the rest of a body nobody wants.
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete === false) reply.header('Connection', 'close');
    });
    const slot = uploadSlots(L.maxParallelUploads);

    route(
      app,
      api.diagnostics.upload,
      async (request) =>
        slot(request, () =>
          uploads.upload(
            request.principal(),
            request.params.serial,
            uploadParts(request, options.maxFileBytes),
          ),
        ),
      { onRequest: requireMultipartUpload(options.maxFileBytes) },
    );

    route(app, api.diagnostics.list, async (request) =>
      service.list(request.principal(), request.params.serial, request.query),
    );

    route(app, api.diagnostics.download, async (request, reply) =>
      send(
        reply,
        await service.download(request.principal(), request.params.serial, request.query.path),
      ),
    );

    route(
      app,
      api.diagnostics.blobUrl,
      async (request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(await service.blobUrl(request.principal(), request.body)),
      // Only reads: no write budget.
      { limits: { write: false } },
    );

    route(app, api.diagnostics.signedBlob, async (request, reply) =>
      send(reply, await service.signedBlob(request.query.token)),
    );

    route(app, api.diagnostics.fileByHash, async (request) =>
      service.fileByHash(request.principal(), request.params.id, request.params.fileHash),
    );

    route(app, api.diagnostics.reportTypes, async (request) =>
      service.reportTypes(request.principal()),
    );
    route(app, api.diagnostics.overview, async (request) =>
      service.overview(request.principal(), request.query),
    );
    route(app, api.diagnostics.bist, async (request) =>
      service.bist(request.principal(), request.query),
    );
    route(app, api.diagnostics.post, async (request) =>
      service.post(request.principal(), request.query),
    );
    route(app, api.diagnostics.aimTracking, async (request) =>
      service.aimTracking(request.principal(), request.query),
    );
    route(app, api.diagnostics.aimMetrics, async (request) =>
      service.aimMetrics(request.principal(), request.query),
    );
    route(
      app,
      api.diagnostics.syslog,
      async (request, reply) => {
        const answer = await logs.search(request.principal(), request.query, clientGone(reply));
        if (!(answer instanceof Readable)) return answer;
        // pageSize -1: every entry, streamed as it is read.
        return reply
          .type('application/json; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(answer);
      },
      // A search may read a whole log: under the caller's limit of heavy reads.
      { limits: { heavy: true } },
    );
    route(app, api.diagnostics.syslogDates, async (request) =>
      logs.dates(request.principal(), request.query),
    );
  };
}
