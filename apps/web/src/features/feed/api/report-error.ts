import type { ErrorReport } from '@aerie/contract';
import { z } from 'zod';
import { apiFetch, jsonRequest } from '../../../lib/api-client';

/** `POST /v2/feed/errors`: reports an unexpected error to customer support. */
export async function reportError(report: ErrorReport): Promise<void> {
  await apiFetch('/v2/feed/errors', z.unknown(), { ...jsonRequest('POST', report), quiet: true });
}
