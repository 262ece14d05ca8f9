import { subscriptionReportFileName, subscriptionsEndpoints } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadApi } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';

/** A calendar month of the report. */
export interface ReportMonth {
  year: number;
  month: number;
}

/** The server answered, but with no file (spec 000 §8: "Monthly report returns an empty file"). */
export class EmptyReportError extends Error {
  constructor() {
    super('The monthly subscription report was empty.');
  }
}

/**
 * `GET /v2/subscriptions/{year}/{month}` with the session's token, saved as
 * `UsageReport-{yyyy}-{MM}.xlsx` (spec 000 §7). An empty answer is a failure.
 */
export async function downloadSubscriptionReport({ year, month }: ReportMonth): Promise<void> {
  const file = await downloadApi(
    subscriptionsEndpoints.monthlyReport,
    { params: { year: String(year), month: String(month).padStart(2, '0') } },
    // The pane shows its own failure text; no unexpected-error toast on top of it.
    { quiet: true },
  );
  if (file.blob.size === 0) throw new EmptyReportError();
  saveFile(subscriptionReportFileName(year, month), file.blob);
}

export function useDownloadSubscriptionReport() {
  return useMutation({ mutationFn: downloadSubscriptionReport });
}
