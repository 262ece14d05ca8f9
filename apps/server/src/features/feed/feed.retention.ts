import type { FeedRepository } from './feed.repository.js';

/** How long and how much of the browser's reports is kept (docs/security.md). */
export interface FeedRetentionOptions {
  telemetryDays: number;
  errorReportDays: number;
  /** Newest telemetry events kept per user (older ones go when the user sends more). */
  telemetryEventsPerUser: number;
  /** Newest error reports kept per user. */
  errorReportsPerUser: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The age purge runs this often (and once when the app is ready). */
export const FEED_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Rows deleted per statement by the age purge. */
const PURGE_BATCH = 5_000;

export interface FeedPurgeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Retention of browser telemetry and error reports: a cap per user applied on each insert, and
 * an age limit applied hourly on every instance (deletes are idempotent, so no lease is needed).
 */
export function createFeedRetention(
  repo: FeedRepository,
  options: FeedRetentionOptions,
  log: FeedPurgeLog,
  now: () => number = Date.now,
) {
  let timer: NodeJS.Timeout | null = null;
  let purging: Promise<{ telemetry: number; errorReports: number }> | null = null;

  async function purgeOnce() {
    const telemetry = await repo.purgeTelemetryBefore(
      new Date(now() - options.telemetryDays * DAY_MS),
      PURGE_BATCH,
    );
    const errorReports = await repo.purgeErrorReportsBefore(
      new Date(now() - options.errorReportDays * DAY_MS),
      PURGE_BATCH,
    );
    if (telemetry + errorReports > 0)
      log.info({ telemetry, errorReports }, 'purged old browser telemetry and error reports');
    return { telemetry, errorReports };
  }

  return {
    /** After a user's telemetry insert: keep their newest events only. */
    afterTelemetryInsert: (userId: string) =>
      repo.trimTelemetryOfUser(userId, options.telemetryEventsPerUser),
    /** After a user's error report: keep their newest reports only. */
    afterErrorReport: (userId: string) =>
      repo.trimErrorReportsOfUser(userId, options.errorReportsPerUser),

    /** One age purge; concurrent calls share it. */
    purge(): Promise<{ telemetry: number; errorReports: number }> {
      purging ??= purgeOnce().finally(() => {
        purging = null;
      });
      return purging;
    },

    /** Purges now and then every FEED_PURGE_INTERVAL_MS (an unref'd timer). */
    start(): void {
      if (timer) return;
      const run = () =>
        void this.purge().catch((err: unknown) => log.warn({ err }, 'feed purge failed'));
      run();
      timer = setInterval(run, FEED_PURGE_INTERVAL_MS);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await purging?.catch(() => {});
    },
  };
}
export type FeedRetention = ReturnType<typeof createFeedRetention>;
