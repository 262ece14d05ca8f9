import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH } from '../constants.js';

export const moodSchema = z.enum(['happy', 'meh', 'sad']);
export type Mood = z.infer<typeof moodSchema>;

export const browserMetaSchema = z.object({
  screenResolution: z.string().max(50),
  windowResolution: z.string().max(50),
  userAgent: z.string().max(1000),
  url: z.string().max(2000),
});
export type BrowserMeta = z.infer<typeof browserMetaSchema>;

/** `POST /v2/feed/feedback` (spec 000 §3, §5): text required, at most 999 characters. */
export const feedbackRequestSchema = z.object({
  mood: moodSchema.nullable(),
  feedback: z.string().trim().min(1, 'Feedback text is required.').max(FEEDBACK_MAX_LENGTH),
  browserMeta: browserMetaSchema,
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** Feedback as staff read it (`GET /v2/feed/feedback`). */
export const feedbackSchema = feedbackRequestSchema.extend({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  accountName: z.string(),
  createdOn: z.iso.datetime({ offset: true }),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackPageSchema = z.object({
  items: z.array(feedbackSchema),
  total: z.number().int(),
});

export const pagingQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(25),
});

/** One telemetry event (spec 000 §3): the timestamp is UTC-adjusted by the client. */
export const telemetryEventSchema = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  categoryName: z.string().min(1).max(100),
  eventName: z.string().min(1).max(100),
  label: z.string().max(500).nullable(),
  params: z
    .record(z.string(), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .nullable(),
});
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

/** `POST /v2/feed/telemetry`: only ok or not is used by the client. */
export const telemetryUploadSchema = z.object({
  events: z.array(telemetryEventSchema).max(1000),
  userAgent: z.string().max(1000),
  locale: z.string().max(35),
});
export type TelemetryUpload = z.infer<typeof telemetryUploadSchema>;

/** `POST /v2/feed/errors`: an unexpected error seen in the browser, reported to support. */
export const errorReportSchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20_000).nullable(),
  url: z.string().max(2000),
  userAgent: z.string().max(1000),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const acceptedSchema = z.object({ ok: z.literal(true) });
