import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import type { LiveBus } from '../../plugins/live-bus.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';
import { createNotificationStreams } from './notifications.stream.js';

/**
 * Wires the notifications feature. `publishNotification` is what other
 * features receive from app.ts; `close` ends the open streams.
 */
export function createNotificationsFeature(
  pool: pg.Pool,
  bus: LiveBus,
  log: FastifyBaseLogger,
  authorize: Authorize,
) {
  const service = createNotificationsService(
    createNotificationsRepository(pool),
    bus,
    log,
    authorize,
  );
  const streams = createNotificationStreams(service, bus, log);
  return {
    publishNotification: service.publish,
    streams,
    routes: notificationsRoutes(service, streams),
    close: () => streams.close(),
  };
}
