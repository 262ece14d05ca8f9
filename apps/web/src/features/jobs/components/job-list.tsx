import type { JobListItem } from '@aerie/contract';
import { Alert, Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { routePath } from '../../../lib/route-paths';
import { FixedDataTable } from '../../../components/data-table/data-table';
import { DataTablePager } from '../../../components/data-table/data-table-pager';
import { useJobs } from '../api/get-jobs';
import { jobMessages as m } from '../messages';
import {
  formatJobTime,
  jobStatusColors,
  jobListSearch,
  jobListSearchSchema,
  jobListView,
  type JobListSearch,
  type JobListView,
} from '../utils/job-display';
import { jobProgressPercent } from '../utils/job-kind';

/** The status, and for a running job that reports it, how far it is (a bar and a percent). */
function JobStatusCell({ job }: { job: JobListItem }) {
  const percent = jobProgressPercent(job);
  const badge = (
    <Badge variant="dot" color={jobStatusColors[job.status]}>
      {job.status}
    </Badge>
  );
  if (percent === null) return badge;
  return (
    <Group gap="xs" wrap="nowrap">
      {badge}
      <Progress value={percent} size="sm" w={72} aria-label={m.progressOf(job.id)} />
      <Text size="xs" c="dimmed" span>
        {`${percent}%`}
      </Text>
    </Group>
  );
}

function jobColumns(linkSearch: JobListSearch): ColumnDef<JobListItem>[] {
  return [
    {
      id: 'id',
      header: m.columns.id,
      cell: ({ row }) => (
        <Anchor
          ff="monospace"
          size="sm"
          renderRoot={(props) => (
            <Link
              {...props}
              to={routePath('jobDetail', { id: row.original.id })}
              search={linkSearch}
            />
          )}
        >
          {row.original.id}
        </Anchor>
      ),
    },
    {
      id: 'createdOn',
      header: m.columns.createdOn,
      cell: ({ row }) => formatJobTime(row.original.createdOn),
    },
    {
      id: 'status',
      header: m.columns.status,
      cell: ({ row }) => <JobStatusCell job={row.original} />,
    },
  ];
}

/**
 * The Active Jobs list (spec 001 §2 "Jobs"): id, createdOn in UTC and status, paged on the
 * server, newest first. The page and page size live in the address, so closing a job's detail
 * comes back to the same page.
 */
export function JobList() {
  // NOTE: the router has validated the search already; parsing it again types it here, where
  // the route tree built from the contract's route table cannot.
  const view = useSearch({
    strict: false,
    select: (search) => jobListView(jobListSearchSchema.parse(search)),
    structuralSharing: true,
  });
  const navigate = useNavigate();
  const jobs = useJobs((view.page - 1) * view.pageSize, view.pageSize);
  const linkSearch = useMemo(
    () => jobListSearch({ page: view.page, pageSize: view.pageSize }),
    [view.page, view.pageSize],
  );
  const columns = useMemo(() => jobColumns(linkSearch), [linkSearch]);

  const show = (next: JobListView) =>
    void navigate({ to: routePath('jobs'), search: jobListSearch(next) });

  if (jobs.error && !jobs.data) {
    return (
      <Alert color="red" role="alert">
        {m.listLoadFailed}
      </Alert>
    );
  }
  const total = jobs.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Text size="sm" c="dimmed" data-testid="job-total" aria-live="polite">
          {/* A line kept while loading: the table below does not move (issue 13). */}
          {jobs.data ? m.total(total) : '\u00a0'}
        </Text>
      </Group>
      <FixedDataTable
        label={m.tableLabel}
        columns={columns}
        data={jobs.data?.items ?? []}
        getRowId={(job) => job.id}
        loading={jobs.isPending}
        busy={jobs.isPlaceholderData}
        emptyText={m.empty}
        minWidth={560}
      />
      {jobs.data && (
        <DataTablePager
          page={view.page}
          pageSize={view.pageSize}
          total={total}
          onPageChange={(page) => show({ ...view, page })}
          onPageSizeChange={(pageSize) => show({ page: 1, pageSize })}
        />
      )}
    </Stack>
  );
}
