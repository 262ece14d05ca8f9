import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { createDurableQueue } from '../../plugins/durable-queue.js';
import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createOutboxDelivery, createSmtpDelivery } from './mail-delivery.js';
import { createMailRepository } from './mail.repository.js';
import { createMailService, createOutboxService } from './mail.service.js';

export type { Mailer, MailRequest } from './mail.service.js';

/** The pg-boss queue of mail deliveries; its job carries the message's id. */
export const MAIL_QUEUE = 'mail-delivery';

/**
 * Mail (docs/decisions/033-mail.md): the mailer other features send with (a shared service),
 * its delivery worker, and the outbox for staff.
 */
export function createMailFeature({
  pool,
  config,
  log,
  services,
}: FeatureContext<'authorize'>): ServerFeature & Pick<AppServices, 'mailer'> {
  const repo = createMailRepository(pool);
  const delivery = config.mail.smtpUrl
    ? createSmtpDelivery(config.mail.smtpUrl)
    : createOutboxDelivery(config.mail.outboxDir);
  const service = createMailService({
    repo,
    delivery,
    from: config.mail.from,
    maxAttempts: config.mail.maxAttempts,
    log,
  });
  const queue = createDurableQueue<{ mailId: string }>({
    pool,
    name: MAIL_QUEUE,
    handle: async ({ mailId }) => {
      await service.attempt(mailId);
    },
    // pg-boss's retries cover our attempts; the message itself counts them and stops.
    retryLimit: config.mail.maxAttempts,
    retryDelaySeconds: config.mail.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 1,
    log,
  });
  service.attach(queue);
  const outbox = createOutboxService(repo, services.authorize);

  const routes: FastifyPluginAsync = async (app) => {
    route(app, api.mail.list, async (request) => outbox.list(request.principal(), request.query));
    route(app, api.mail.get, async (request) => outbox.get(request.principal(), request.params.id));
  };
  return {
    name: 'mail',
    routes,
    mailer: service.mailer,
    start: async () => {
      await queue.start();
      const waiting = await service.requeueWaiting();
      if (waiting > 0) log.info({ waiting }, 'mail waiting from before the start queued again');
    },
    stop: async () => {
      await queue.stop();
      delivery.close();
    },
  };
}
