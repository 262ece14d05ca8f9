import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH } from '../constants.js';

/**
 * Caps of what the browser reports (docs/security.md, "Input, limits and races"): each field is
 * small, and a whole request stays under its route's body limit (FEED_BODY_LIMITS), so one
 * caller cannot grow the database fast. The web app trims to these before it sends.
 */
export const FEED_LIMITS = {
  userAgent: 500,
  url: 2000,
  /** Events in one `POST /v2/feed/telemetry`; the web app sends its buffer in batches of these. */
  telemetryEventsPerUpload: 100,
  telemetryName: 100,
  telemetryLabel: 200,
  telemetryParams: 10,
  telemetryParamKey: 40,
  telemetryParamValue: 100,
  errorMessage: 2000,
  errorStack: 8000,
} as const;

/**
 * Body limits of the feed routes, in bytes: above the largest body the schemas allow (about
 * 200 KB of telemetry, 13 KB of error report, 4 KB of feedback) with room for JSON escapes.
 */
export const FEED_BODY_LIMITS = {
  telemetry: 256 * 1024,
  errors: 64 * 1024,
  feedback: 16 * 1024,
} as const;

export const moodSchema = z.enum(['happy', 'meh', 'sad']);
export type Mood = z.infer<typeof moodSchema>;

export const browserMetaSchema = z.object({
  screenResolution: z.string().max(50),
  windowResolution: z.string().max(50),
  userAgent: z.string().max(FEED_LIMITS.userAgent),
  url: z.string().max(FEED_LIMITS.url),
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

const L = FEED_LIMITS;

/** A telemetry event's parameters: a few short values by short names. */
export const telemetryParamsSchema = z
  .record(
    z.string().min(1).max(L.telemetryParamKey),
    z.union([z.string().max(L.telemetryParamValue), z.number(), z.boolean(), z.null()]),
  )
  .refine((p) => Object.keys(p).length <= L.telemetryParams, {
    message: `At most ${L.telemetryParams} parameters.`,
  });

/** One telemetry event (spec 000 §3): the timestamp is UTC-adjusted by the client. */
export const telemetryEventSchema = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  categoryName: z.string().min(1).max(L.telemetryName),
  eventName: z.string().min(1).max(L.telemetryName),
  label: z.string().max(L.telemetryLabel).nullable(),
  params: telemetryParamsSchema.nullable(),
});
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

/** `POST /v2/feed/telemetry`: only ok or not is used by the client. */
export const telemetryUploadSchema = z.object({
  events: z.array(telemetryEventSchema).max(L.telemetryEventsPerUpload),
  userAgent: z.string().max(L.userAgent),
  locale: z.string().max(35),
});
export type TelemetryUpload = z.infer<typeof telemetryUploadSchema>;

/** `POST /v2/feed/errors`: an unexpected error seen in the browser, reported to support. */
export const errorReportSchema = z.object({
  message: z.string().max(L.errorMessage),
  stack: z.string().max(L.errorStack).nullable(),
  url: z.string().max(L.url),
  userAgent: z.string().max(L.userAgent),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const acceptedSchema = z.object({ ok: z.literal(true) });
