import { z } from 'zod';
import { listSkipSchema, listTakeSchema } from '../lists/list-query.js';

/**
 * The portal's mail as staff read it (docs/decisions/033-mail.md): every message the portal
 * sent or keeps in its outbox, newest first.
 */
export const mailStatuses = ['queued', 'sent', 'stored', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const MAIL_LIST_MAX_TAKE = 100;

export const mailListQuerySchema = z.object({
  skip: listSkipSchema(100_000),
  take: listTakeSchema({ maxTake: MAIL_LIST_MAX_TAKE, defaultTake: 25 }),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

export const mailSummarySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailListSchema = z.object({
  items: z.array(mailSummarySchema),
  count: z.number().int(),
});
export type MailList = z.infer<typeof mailListSchema>;

export const mailMessageSchema = mailSummarySchema.extend({
  from: z.string(),
  replyTo: z.string().nullable(),
  body: z.string(),
  messageId: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailIdParamsSchema = z.object({ id: z.uuid() });
