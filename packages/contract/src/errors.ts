import { z } from 'zod';

/**
 * The one error body every API route answers with. `field` names the offending
 * request field for validation errors; no stack trace ever reaches a client.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
