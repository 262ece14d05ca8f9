import {
  DIAGNOSTICS_MESSAGES,
  type DiagnosticReportQuery,
  type DiagnosticReportRoute,
} from '@aerie/contract';
import { Alert, Center, Loader } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { Icon } from '../../../components/ui/icons';
import { lazyComponent } from '../../../lib/lazy-component';
import { analyzeMessages } from './messages';

interface ReportProps {
  query: DiagnosticReportQuery;
}

// Each report is a chunk of its own, loaded when it is first opened.
const reports: Partial<Record<DiagnosticReportRoute, ComponentType<ReportProps>>> = {
  overview: lazyComponent(() =>
    import('../reports/overview/overview-report').then((module) => module.OverviewReport),
  ),
  bist: lazyComponent(() =>
    import('../reports/bist/bist-report').then((module) => module.BistReport),
  ),
  post: lazyComponent(() =>
    import('../reports/post/post-report').then((module) => module.PostReport),
  ),
  // The charting code (ECharts) comes with these two chunks only.
  'aim-tracking': lazyComponent(() =>
    import('../reports/aim-tracking/aim-tracking-report').then(
      (module) => module.AimTrackingReport,
    ),
  ),
  'aim-metric': lazyComponent(() =>
    import('../reports/aim-metrics/aim-metrics-report').then((module) => module.AimMetricsReport),
  ),
  'system-logs': lazyComponent(() =>
    import('../reports/logs/log-report').then((module) => module.LogReport),
  ),
};

/** Whether the portal has a view of this report (the others say 'Not yet supported.'). */
export function hasReportView(report: DiagnosticReportRoute): boolean {
  return reports[report] !== undefined;
}

export interface ReportContentProps {
  report: DiagnosticReportRoute;
  query: DiagnosticReportQuery;
}

/** The open report, or 'Not yet supported.' for one the portal cannot show yet. */
export function ReportContent({ report, query }: ReportContentProps) {
  const Report = reports[report];
  if (!Report) return <NotSupported />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" role="status" aria-label={analyzeMessages.reports.loadingReport} />
        </Center>
      }
    >
      <Report query={query} />
    </Suspense>
  );
}

/** Spec 001 §2: a report route that is unknown or not available. */
export function NotSupported() {
  return (
    <Alert color="gray" icon={<Icon name="info" size={18} />}>
      {DIAGNOSTICS_MESSAGES.notSupported}
    </Alert>
  );
}
