import type { TestData, TestRun } from '@aerie/contract';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { reportMessages } from '../messages';
import { ReportTable } from '../report-table';
import { TestResultsTable } from './test-results-table';
import { runPeriod, runStatus, testRows } from './test-format';
import classes from './test-results.module.css';

const m = reportMessages.tests;

export interface TestRunViewProps {
  run: TestRun;
  /** Heading level of the Summary and Test Results headings. */
  headingOrder?: 3 | 4;
}

/**
 * One self-test run (BIST, and each run of POST): its Summary and its Test Results. A run the
 * bundle does not have, or could not be read, says why ('None' when nothing is known).
 */
export function TestRunView({ run, headingOrder = 3 }: TestRunViewProps) {
  if (!run.data) {
    return run.problem ? (
      <Alert color="yellow" icon={<Icon name="warning" size={18} />} role="status">
        {run.problem}
      </Alert>
    ) : (
      <Text c="dimmed" size="sm">
        {reportMessages.none}
      </Text>
    );
  }
  return <TestRunData name={run.name} data={run.data} headingOrder={headingOrder} />;
}

function TestRunData({
  name,
  data,
  headingOrder,
}: {
  name: string;
  data: TestData;
  headingOrder: 3 | 4;
}) {
  const rows = useMemo(() => testRows(data), [data]);
  return (
    <Stack gap="md">
      <div>
        <Title order={headingOrder} size="h5" mb={6}>
          {m.summary}
        </Title>
        <TestSummaryTable name={name} data={data} />
      </div>
      <div>
        <Title order={headingOrder} size="h5" mb={6}>
          {m.results}
        </Title>
        <TestResultsTable label={m.resultsLabel(name)} rows={rows} />
      </div>
    </Stack>
  );
}

/** ACU, antenna and ASM serials, PASS or FAIL (n), start and end of the run. */
function TestSummaryTable({ name, data }: { name: string; data: TestData }) {
  const status = runStatus(data);
  const { start, end } = runPeriod(data);
  return (
    <ReportTable
      label={m.summaryLabel(name)}
      columns={[m.acuSerial, m.antennaSerial, m.asmSerial, m.status, m.start, m.end]}
      minWidth={560}
      className={classes.table}
    >
      <Table.Tr>
        <Table.Td>{data.acuserialnumber}</Table.Td>
        <Table.Td>{data.antennaserialnumber}</Table.Td>
        <Table.Td>{data.asmserialnumber}</Table.Td>
        <Table.Td>
          <span
            className={classes.result}
            data-failed={!status.passed || undefined}
            data-passed={status.passed || undefined}
          >
            <Icon name={status.passed ? 'success' : 'error'} size={14} />
            {status.label}
          </span>
        </Table.Td>
        <Table.Td className={classes.nowrap}>{start}</Table.Td>
        <Table.Td className={classes.nowrap}>{end}</Table.Td>
      </Table.Tr>
    </ReportTable>
  );
}
