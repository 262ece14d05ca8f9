import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import {
  FEATURE_CERTIFICATE_MEDIA_TYPE,
  deviceFeaturesBodySchema,
  deviceFeaturesResultSchema,
  deviceIdParamsSchema,
  featureCertificateKeySetSchema,
} from '@aerie/contract';
import type { DeviceFeaturesService } from './device-features.service.js';

const tags = ['devices'];

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

export function deviceFeaturesRoutes(service: DeviceFeaturesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/devices/:id/features',
      {
        schema: {
          tags,
          summary: "Save a device's features and issue its feature certificate",
          params: deviceIdParamsSchema,
          body: deviceFeaturesBodySchema,
          response: { 200: deviceFeaturesResultSchema },
        },
      },
      async (request) => service.saveFeatures(request.principal(), request.params.id, request.body),
    );

    app.get(
      '/v2/devices/:id/featureCertificate',
      {
        schema: {
          tags,
          summary: "Download the device's feature certificate (a compact JWS)",
          params: deviceIdParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await service.certificate(request.principal(), request.params.id);
        return download(reply, file.fileName, FEATURE_CERTIFICATE_MEDIA_TYPE).send(file.content);
      },
    );

    app.get(
      '/v2/info/featureCertificateKeys',
      {
        schema: {
          tags: ['reference'],
          summary: 'The public keys feature certificates are signed with (JWKS)',
          response: { 200: featureCertificateKeySetSchema },
        },
      },
      async (request) => service.certificateKeys(request.principal()),
    );

    app.get(
      '/v2/devices/:id/downloadOptionsFiles',
      {
        schema: {
          tags,
          summary: "A zip of the device's antenna options files (.opt)",
          params: deviceIdParamsSchema,
        },
      },
      async (request, reply) => {
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
      },
    );
  };
}
