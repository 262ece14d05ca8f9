import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';
import { createNotificationStreams } from './notifications.stream.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createNotificationsRepository } from './notifications.repository.js';

export type { PublishNotification } from './notifications.service.js';

/**
 * Notifications and their live stream. It provides `publishNotification`, which services.ts
 * hands to the features that notify users.
 */
export function createNotificationsFeature({
  pool,
  log,
  config,
  services: { bus, authorize },
}: FeatureContext<'bus' | 'authorize'>): ServerFeature & Pick<AppServices, 'publishNotification'> {
  const service = createNotificationsService(
    createNotificationsRepository(pool),
    bus,
    log,
    authorize,
  );
  const streams = createNotificationStreams(service, bus, log, {
    heartbeatMs: config.live.heartbeatSeconds * 1000,
  });
  return {
    name: 'notifications',
    routes: notificationsRoutes(service, streams),
    // Open event streams would keep the server from closing.
    beforeClose: () => streams.close(),
    publishNotification: service.publish,
  };
}
