import { z } from 'zod';
import { API_CLIENT_SECRET_MAX_LENGTH } from '../constants.js';

/** An API client as listed: the secret is never shown again after creation (spec 000 §3). */
export const apiClientSchema = z.object({
  clientId: z.string(),
  createdOn: z.iso.datetime({ offset: true }),
});
export type ApiClient = z.infer<typeof apiClientSchema>;
export const apiClientListSchema = z.array(apiClientSchema);

/** Characters the server appends to a requested client id (`-` and 16 hex digits). */
export const API_CLIENT_ID_SUFFIX_LENGTH = 17;

/**
 * `POST /v2/users/client`: clientId and secret required, secret at most 255 (spec 000 §5). The
 * clientId is the start of the client's id: the server appends a random ending, so ids can be
 * neither guessed nor probed (docs/security.md).
 */
export const createApiClientSchema = z.object({
  clientId: z
    .string()
    .trim()
    .min(1, 'Client ID is required.')
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, 'Client ID may contain letters, digits, dot, dash and underscore.'),
  secret: z.string().min(1, 'Secret is required.').max(API_CLIENT_SECRET_MAX_LENGTH),
});
export type CreateApiClient = z.infer<typeof createApiClientSchema>;

/** Path parameters of `DELETE /v2/users/client/{clientId}` (the full id, as listed). */
export const apiClientParamsSchema = z.object({
  clientId: z
    .string()
    .min(1)
    .max(100 + API_CLIENT_ID_SUFFIX_LENGTH),
});
