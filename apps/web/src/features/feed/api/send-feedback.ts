import { type FeedbackRequest, feedEndpoints } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /v2/feed/feedback`: mood, feedback and browserMeta. */
export async function sendFeedback(body: FeedbackRequest): Promise<void> {
  await callApi(feedEndpoints.submitFeedback, { body });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
