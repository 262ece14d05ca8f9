import { DIAGNOSTICS_MESSAGES, type DiagnosticReportQuery } from '@aerie/contract';
import { useBistReport } from '../../analyze/api/get-bist-report';
import { reportMessages } from '../messages';
import { ReportLoadState, useReportErrorToast } from '../report-state';
import { TestRunView } from '../self-test/test-run-view';

export interface BistReportProps {
  query: DiagnosticReportQuery;
}

/** BIST (spec 001 §2): the latest self-test run of the bundle, `tests/post`. */
export function BistReport({ query }: BistReportProps) {
  const report = useBistReport(query);
  useReportErrorToast(report.error, DIAGNOSTICS_MESSAGES.fetchFailed.bist);
  if (!report.data) {
    return (
      <ReportLoadState
        report={reportMessages.bist.name}
        error={report.error}
        failedMessage={DIAGNOSTICS_MESSAGES.fetchFailed.bist}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  }
  return <TestRunView run={report.data.run} />;
}
