import {
  isDiagnosticReportRoute,
  type DiagnosticReportQuery,
  type DiagnosticReportRoute,
} from '@aerie/contract';
import { Alert, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { RetryButton } from '../components/retry-button';
import { useDiagnosticReportTypes } from './api/get-diagnostic-report-types';
import { analyzeMessages } from './messages';
import { hasReportView, NotSupported, ReportContent } from './report-content';
import classes from './analyze.module.css';

const m = analyzeMessages.reports;

export interface ReportSwitcherProps {
  /** The route's selectedReport, as it is in the address (maybe no known report). */
  selectedReport: string;
  onSelect: (report: DiagnosticReportRoute) => void;
  query: DiagnosticReportQuery;
}

/**
 * The reports of GET /v1/diagnostics/reports as tabs (arrow keys move between them); one the
 * server has not enabled is shown disabled. Choosing one changes the route (onSelect), so the
 * address and the share link always name the report on screen. A selectedReport that is not a
 * known, enabled report says 'Not yet supported.' (spec 001 §2).
 */
export function ReportSwitcher({ selectedReport, onSelect, query }: ReportSwitcherProps) {
  const types = useDiagnosticReportTypes();
  if (!types.data) {
    if (!types.error) {
      return (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={m.loading} />
        </Center>
      );
    }
    return (
      <Alert color="red" role="alert" icon={<Icon name="error" size={18} />} title={m.loadFailed}>
        <Stack gap="xs" align="flex-start">
          {types.error instanceof Error ? <Text size="sm">{types.error.message}</Text> : null}
          <RetryButton onRetry={() => void types.refetch()} retrying={types.isFetching} />
        </Stack>
      </Alert>
    );
  }

  const reports = types.data.reports;
  const selected = reports.find((r) => r.route === selectedReport);
  const shown = selected?.enabled && hasReportView(selected.route) ? selected.route : null;

  return (
    <Tabs
      value={selected ? selected.route : null}
      onChange={(value) => {
        if (value !== null && isDiagnosticReportRoute(value) && value !== selectedReport)
          onSelect(value);
      }}
      keepMounted={false}
      variant="pills"
      radius="sm"
    >
      <Tabs.List aria-label={m.label} className={classes.switcher} mb="md">
        {reports.map((report) => (
          <Tabs.Tab key={report.route} value={report.route} disabled={!report.enabled}>
            {report.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown ? (
        <Tabs.Panel value={shown}>
          <ReportContent key={shown} report={shown} query={query} />
        </Tabs.Panel>
      ) : (
        <NotSupported />
      )}
    </Tabs>
  );
}
