import type { FastifyBaseLogger } from 'fastify';
import {
  api,
  type ErrorReport,
  type Feedback,
  type FeedbackRequest,
  type TelemetryUpload,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import { presentFeedback } from './feed.presenter.js';
import type { FeedRepository } from './feed.repository.js';
import type { FeedRetention } from './feed.retention.js';

export function createFeedService(
  repo: FeedRepository,
  log: FastifyBaseLogger,
  authorize: Authorize,
  retention: Pick<FeedRetention, 'afterTelemetryInsert' | 'afterErrorReport'>,
) {
  return {
    async submitFeedback(principal: Principal, input: FeedbackRequest): Promise<void> {
      await authorize(principal, api.feed.submitFeedback.access);
      await repo.insertFeedback(principal.userId, principal.accountId, input);
    },

    /** Staff read feedback, newest first. */
    async listFeedback(
      principal: Principal,
      paging: { skip: number; take: number },
    ): Promise<{ items: Feedback[]; total: number }> {
      await authorize(principal, api.feed.listFeedback.access);
      const page = await repo.feedbackPage(paging.skip, paging.take);
      return { items: page.items.map(presentFeedback), total: page.total };
    },

    async uploadTelemetry(principal: Principal, upload: TelemetryUpload): Promise<void> {
      await authorize(principal, api.feed.uploadTelemetry.access);
      if ((await repo.insertTelemetry(principal.userId, upload)) > 0)
        await retention.afterTelemetryInsert(principal.userId);
    },

    /**
     * Stores a browser's unexpected error and logs it at warn level: support
     * is notified from the logs (spec 000 §8, "Customer support has been notified").
     */
    async reportError(principal: Principal, report: ErrorReport): Promise<void> {
      await authorize(principal, api.feed.reportError.access);
      const id = await repo.insertErrorReport(principal.userId, report);
      await retention.afterErrorReport(principal.userId);
      log.warn(
        {
          errorReportId: id,
          userId: principal.userId,
          accountId: principal.accountId,
          url: report.url,
          browserError: report.message,
        },
        'browser reported an unexpected error',
      );
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
