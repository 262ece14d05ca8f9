import { DIAGNOSTICS_MESSAGES, type DiagnosticReportQuery, type TestRun } from '@aerie/contract';
import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { formatUtcDateTime } from '../../../devices';
import { usePostReport } from '../../analyze/api/get-post-report';
import { reportMessages } from '../messages';
import { ReportLoadState, useReportErrorToast } from '../report-state';
import { runStatus } from '../self-test/test-format';
import { TestRunView } from '../self-test/test-run-view';
import classes from './post-report.module.css';

const m = reportMessages.post;

export interface PostReportProps {
  query: DiagnosticReportQuery;
}

/** POST (spec 001 §2): every self-test run the antenna kept, post then post.0 … post.9. */
export function PostReport({ query }: PostReportProps) {
  const report = usePostReport(query);
  useReportErrorToast(report.error, DIAGNOSTICS_MESSAGES.fetchFailed.post);
  if (!report.data) {
    return (
      <ReportLoadState
        report={m.name}
        error={report.error}
        failedMessage={DIAGNOSTICS_MESSAGES.fetchFailed.post}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  }
  return <PostRuns runs={report.data.runs} />;
}

/** A run the bundle does not have at all (no data, nothing to say why): its tab is disabled. */
function isAbsent(run: TestRun): boolean {
  return run.data === null && run.problem === null;
}

function runFailed(run: TestRun): boolean {
  return run.data !== null && !runStatus(run.data).passed;
}

/** A tab per run, in the server's order; a failing run's tab is marked with an icon and a word. */
function PostRuns({ runs }: { runs: readonly TestRun[] }) {
  const [selected, setSelected] = useState<string | null>(
    () => (runs.find((run) => !isAbsent(run)) ?? runs[0])?.name ?? null,
  );
  if (runs.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {reportMessages.none}
      </Text>
    );
  }
  return (
    <Tabs value={selected} onChange={setSelected} keepMounted={false} variant="outline">
      <Tabs.List aria-label={m.runsLabel} className={classes.list}>
        {runs.map((run) => {
          const failed = runFailed(run);
          const absent = isAbsent(run);
          return (
            <Tabs.Tab
              key={run.name}
              value={run.name}
              disabled={absent}
              title={absent ? m.runEmpty : undefined}
              className={classes.tab}
              data-failed={failed || undefined}
              // The icon says it to the eye; the name says it to screen readers.
              aria-label={failed ? m.runFailed(run.name) : undefined}
              rightSection={failed ? <Icon name="error" size={14} /> : undefined}
            >
              {run.name}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {runs.map((run) => (
        <Tabs.Panel key={run.name} value={run.name} pt="sm">
          <Stack gap="sm">
            {run.timestamp ? (
              <Text size="xs" c="dimmed">
                {m.taken(formatUtcDateTime(run.timestamp) ?? reportMessages.notAvailable)}
              </Text>
            ) : null}
            <TestRunView run={run} headingOrder={4} />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
