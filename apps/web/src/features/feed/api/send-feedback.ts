import { acceptedSchema, type FeedbackRequest } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonRequest } from '../../../lib/api-client';

/** `POST /v2/feed/feedback`: mood, feedback and browserMeta. */
export async function sendFeedback(body: FeedbackRequest): Promise<void> {
  await apiFetch('/v2/feed/feedback', acceptedSchema, jsonRequest('POST', body));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
