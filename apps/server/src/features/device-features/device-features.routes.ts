import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import yazl from 'yazl';
import { FEATURE_CERTIFICATE_MEDIA_TYPE, api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { DeviceFeaturesService } from './device-features.service.js';

/**
 * `attachment` with the name as the browser should save it: an ASCII fallback (quotes,
 * backslashes and control characters replaced) and the exact name in UTF-8 (RFC 6266).
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function download(reply: FastifyReply, fileName: string, type: string) {
  return reply
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .type(type);
}

export function deviceFeaturesRoutes(service: DeviceFeaturesService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.deviceFeatures.save, async (request) =>
      service.saveFeatures(request.principal(), request.params.id, request.body),
    );

    route(app, api.deviceFeatures.certificate, async (request, reply) => {
      const file = await service.certificate(request.principal(), request.params.id);
      return download(reply, file.fileName, FEATURE_CERTIFICATE_MEDIA_TYPE).send(file.content);
    });

    route(app, api.deviceFeatures.certificateKeys, async (request) =>
      service.certificateKeys(request.principal()),
    );

    route(app, api.deviceFeatures.optionsFiles, async (request, reply) => {
      const { fileName, files } = await service.optionsFiles(
        request.principal(),
        request.params.id,
      );
      // Streamed: the archive is written as the client reads it.
      const zip = new yazl.ZipFile();
      for (const file of files) {
        zip.addBuffer(Buffer.from(file.content, 'utf8'), file.fileName, { mode: 0o100644 });
      }
      zip.end();
      return download(reply, fileName, 'application/zip').send(zip.outputStream);
    });
  };
}
