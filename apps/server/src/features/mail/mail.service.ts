import type { MailList, MailListQuery, MailMessage, MailSummary } from '@aerie/contract';
import { api } from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { NotFoundError } from '../../plugins/errors.js';
import type { DurableQueue, DurableQueueLog } from '../../plugins/durable-queue.js';
import { failureText, isPermanentFailure, type MailDelivery } from './mail-delivery.js';
import type { MailRepository, MailRow } from './mail.repository.js';

/** What a feature hands the mailer: the portal's sender is added. */
export interface MailRequest {
  kind: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  body: string;
  /** The user whose action sent it. */
  createdBy?: string | null;
}

/** Sends mail in the background: `send` stores and queues, and answers at once. */
export interface Mailer {
  send(mail: MailRequest): Promise<{ id: string }>;
}

export interface MailServiceOptions {
  repo: MailRepository;
  delivery: MailDelivery;
  from: string;
  maxAttempts: number;
  log: DurableQueueLog;
}

/** What one attempt came to (for tests and logs). */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'nothing to do';

function presentSummary(row: MailRow): MailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddresses,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

function presentMessage(row: MailRow): MailMessage {
  return {
    ...presentSummary(row),
    from: row.fromAddress,
    replyTo: row.replyTo,
    body: row.body,
    messageId: row.messageId,
  };
}

/**
 * The portal's mail (docs/decisions/033-mail.md). `send` writes the message and queues a job;
 * the job's handler (`attempt`) delivers it, and on a failure worth retrying throws, so the
 * queue tries again later (with a growing delay) until `maxAttempts`.
 */
export function createMailService(o: MailServiceOptions) {
  let queue: DurableQueue<{ mailId: string }> | null = null;

  async function enqueue(mailId: string): Promise<void> {
    if (!queue) throw new Error('the mail queue is not attached');
    await queue.send({ mailId }, { singletonKey: mailId });
  }

  return {
    /** The queue that runs {@link attempt}; attached by the feature (it needs the handler). */
    attach(q: DurableQueue<{ mailId: string }>) {
      queue = q;
    },

    mailer: {
      async send(mail: MailRequest) {
        const id = await o.repo.insert({
          kind: mail.kind,
          fromAddress: o.from,
          toAddresses: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          body: mail.body,
          createdBy: mail.createdBy ?? null,
        });
        // A message stored but not queued (the queue failed) is queued again at the next start.
        await enqueue(id).catch((err: unknown) =>
          o.log.warn({ err, mailId: id }, 'mail stored but not queued; queued at next start'),
        );
        return { id };
      },
    } satisfies Mailer,

    /** One delivery attempt; throws to have the queue retry. */
    async attempt(mailId: string): Promise<AttemptOutcome> {
      const row = await o.repo.find(mailId);
      if (!row || row.status !== 'queued') return 'nothing to do';
      try {
        const messageId = await o.delivery.deliver({
          id: row.id,
          from: row.fromAddress,
          to: row.toAddresses,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.body,
        });
        await o.repo.delivered(row.id, o.delivery.kind === 'smtp' ? 'sent' : 'stored', messageId);
        return 'delivered';
      } catch (err) {
        const final = isPermanentFailure(err) || row.attempts + 1 >= o.maxAttempts;
        await o.repo.attemptFailed(row.id, failureText(err), final);
        o.log.warn({ err, mailId, final }, 'mail delivery failed');
        if (final) return 'failed';
        throw err;
      }
    },

    /** Queues every message still waiting (after a restart, or a queue that failed). */
    async requeueWaiting(): Promise<number> {
      const ids = await o.repo.queuedIds(10_000);
      for (const id of ids) await enqueue(id);
      return ids.length;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/** The outbox for staff (`mail.view`). */
export function createOutboxService(repo: MailRepository, authorize: Authorize) {
  return {
    async list(principal: Principal, q: MailListQuery): Promise<MailList> {
      await authorize(principal, api.mail.list.access);
      const { rows, count } = await repo.page(q.skip, q.take);
      return { items: rows.map(presentSummary), count };
    },
    async get(principal: Principal, id: string): Promise<MailMessage> {
      await authorize(principal, api.mail.get.access);
      const row = await repo.find(id);
      if (!row) throw new NotFoundError('Message not found.');
      return presentMessage(row);
    },
  };
}
