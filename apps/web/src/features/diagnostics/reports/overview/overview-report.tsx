import { DIAGNOSTICS_MESSAGES, type DiagnosticReportQuery } from '@aerie/contract';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useOverviewReport } from '../../analyze/api/get-overview-report';
import { reportMessages } from '../messages';
import { ReportLoadState, useReportErrorToast } from '../report-state';
import { NameValueTable } from './name-value-table';
import { OverviewComparison } from './overview-comparison';
import { OverviewFiles } from './overview-files';

const m = reportMessages.overview;

export interface OverviewReportProps {
  query: DiagnosticReportQuery;
}

/**
 * Overview (spec 001 §2): the bundle against the portal, entitlements and component inventory,
 * then the text files (Serial, version and the others) with their names and timestamps.
 */
export function OverviewReport({ query }: OverviewReportProps) {
  const report = useOverviewReport(query);
  useReportErrorToast(report.error, DIAGNOSTICS_MESSAGES.fetchFailed.overview);
  if (!report.data) {
    return (
      <ReportLoadState
        report={m.name}
        error={report.error}
        failedMessage={DIAGNOSTICS_MESSAGES.fetchFailed.overview}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  }
  const overview = report.data;
  return (
    <Stack gap="lg">
      <ReportSection title={m.summary} hint={m.summaryHint}>
        <OverviewComparison rows={overview.comparison} />
      </ReportSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportSection title={m.entitlements}>
          <NameValueTable
            label={m.entitlements}
            nameHeader={m.entitlement}
            valueHeader={m.value}
            rows={overview.entitlements}
          />
        </ReportSection>
        <ReportSection title={m.componentInventory}>
          <NameValueTable
            label={m.componentInventory}
            nameHeader={m.component}
            valueHeader={m.serial}
            rows={overview.componentInventory}
          />
        </ReportSection>
      </SimpleGrid>
      <ReportSection title={m.files}>
        <OverviewFiles files={overview.files} />
      </ReportSection>
    </Stack>
  );
}

/** A titled part of the report, named by its heading for screen readers. */
function ReportSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb={hint ? 0 : 6}>
        {title}
      </Title>
      {hint ? (
        <Text size="xs" c="dimmed" mb={6}>
          {hint}
        </Text>
      ) : null}
      {children}
    </section>
  );
}
