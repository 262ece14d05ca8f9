import { type ErrorReport, feedEndpoints } from '@aerie/contract';
import { callApi } from '../../../lib/api-client';

/** `POST /v2/feed/errors`: reports an unexpected error to customer support. */
export async function reportError(report: ErrorReport): Promise<void> {
  await callApi(feedEndpoints.reportError, { body: report }, { quiet: true });
}
