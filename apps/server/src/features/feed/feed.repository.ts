import { count, desc, eq } from 'drizzle-orm';
import type { BrowserMeta, ErrorReport, FeedbackRequest, TelemetryUpload } from '@aerie/contract';
import type { Db } from '../../db/database.js';
import { accounts, errorReports, feedback, telemetryEvents, users } from '../../db/schema.js';

export interface FeedbackRecord {
  id: string;
  userId: string;
  mood: 'happy' | 'meh' | 'sad' | null;
  feedback: string;
  browserMeta: unknown;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  accountName: string;
}

export function createFeedRepository(db: Db) {
  return {
    async insertFeedback(userId: string, accountId: string, f: FeedbackRequest): Promise<void> {
      const browserMeta: BrowserMeta = f.browserMeta;
      await db.insert(feedback).values({
        userId,
        accountId,
        mood: f.mood,
        feedback: f.feedback,
        browserMeta,
      });
    },

    async feedbackPage(
      skip: number,
      take: number,
    ): Promise<{ items: FeedbackRecord[]; total: number }> {
      const [items, totals] = await Promise.all([
        db
          .select({
            id: feedback.id,
            userId: feedback.userId,
            mood: feedback.mood,
            feedback: feedback.feedback,
            browserMeta: feedback.browserMeta,
            createdAt: feedback.createdAt,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            accountName: accounts.name,
          })
          .from(feedback)
          .innerJoin(users, eq(users.id, feedback.userId))
          .innerJoin(accounts, eq(accounts.id, feedback.accountId))
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .offset(skip)
          .limit(take),
        db.select({ total: count() }).from(feedback),
      ]);
      return { items, total: totals[0]?.total ?? 0 };
    },

    async insertTelemetry(userId: string, upload: TelemetryUpload): Promise<number> {
      if (upload.events.length === 0) return 0;
      await db.insert(telemetryEvents).values(
        upload.events.map((e) => ({
          userId,
          occurredAt: new Date(e.timestamp),
          categoryName: e.categoryName,
          eventName: e.eventName,
          label: e.label,
          params: e.params,
          userAgent: upload.userAgent,
          locale: upload.locale,
        })),
      );
      return upload.events.length;
    },

    async insertErrorReport(userId: string, report: ErrorReport): Promise<string> {
      const rows = await db
        .insert(errorReports)
        .values({ userId, ...report })
        .returning({ id: errorReports.id });
      return rows[0]!.id;
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
