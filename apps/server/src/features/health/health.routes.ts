import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, maintenanceSchema, statusSchema, type Health } from '@aerie/contract';
import { APP_VERSION } from '../../version.js';

export interface HealthProbe {
  /** Service code shown on the health page, e.g. "database". */
  code: string;
  check(): Promise<{ ok: boolean; version: string }>;
}

const started = Date.now();

/** Public liveness and health calls (spec 000 §7, 001 §7). */
export function healthRoutes(probes: HealthProbe[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/status',
      { config: { public: true }, schema: { tags: ['health'], response: { 200: statusSchema } } },
      async () => ({
        status: 'ok' as const,
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      }),
    );

    app.get(
      '/health',
      { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema } } },
      async (_request, reply) => {
        const entries = await Promise.all(
          probes.map(async (probe): Promise<[string, [number, string]]> => {
            try {
              const result = await probe.check();
              return [
                probe.code,
                [result.ok ? 200 : 503, JSON.stringify({ Version: result.version })],
              ];
            } catch {
              return [probe.code, [503, JSON.stringify({ Version: 'unknown' })]];
            }
          }),
        );
        const body: Health = Object.fromEntries(entries);
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    app.get(
      '/health/maintenance',
      {
        config: { public: true },
        schema: { tags: ['health'], response: { 200: maintenanceSchema } },
      },
      async () => ({ maintenance: false }),
    );
  };
}
