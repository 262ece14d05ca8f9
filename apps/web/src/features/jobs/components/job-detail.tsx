import { Alert, Anchor, Badge, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDetailPaneShown } from '../../../lib/detail-pane-shown';
import { routePath } from '../../../lib/route-paths';
import { JsonTree } from '../../../components/json/json-tree';
import { isApiError } from '../../../lib/api-client';
import { getDeviceQueryOptions } from '../../devices';
import { useJob } from '../api/get-jobs';
import { jobMessages as m } from '../messages';
import { formatJobTime, jobStatusColors } from '../utils/job-display';
import { formatJobKind } from '../utils/job-kind';

export interface JobDetailProps {
  id: string;
  /** Whether the caller may open the device overview (the job's device becomes a link). */
  canOpenDevice: boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The job's device by its name (its id until the name is read, or when it cannot be). */
function JobDevice({ deviceId, canOpen }: { deviceId: string; canOpen: boolean }) {
  const device = useQuery({ ...getDeviceQueryOptions(deviceId), retry: false });
  const name = device.data?.name ?? deviceId;
  const mono = device.data ? 'text' : 'monospace';
  return canOpen ? (
    <Anchor
      ff={mono}
      size="sm"
      aria-label={`${m.openDevice} ${name}`}
      renderRoot={(props) => <Link {...props} to={routePath('deviceOverview', { id: deviceId })} />}
    >
      {name}
    </Anchor>
  ) : (
    <Text ff={mono} size="sm" span>
      {name}
    </Text>
  );
}

/**
 * The job detail (spec 001 §2 "Jobs"): loading, then the raw job as foldable JSON with its
 * key facts above it, or 'Job not found.' (a missing job, one outside the caller's accounts,
 * or a malformed id).
 */
export function JobDetail({ id, canOpenDevice }: JobDetailProps) {
  const { data: job, error, isPending } = useJob(id);
  useDetailPaneShown(!isPending);
  if (isPending) return <Loader role="status" aria-label={m.loading} />;
  if (error || !job) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      // Clear of the detail pane's close button, which sits over the top right corner.
      <Alert color={missing ? 'gray' : 'red'} role="alert" mr={48}>
        {missing ? m.notFound : m.loadFailed}
      </Alert>
    );
  }
  const { deviceId } = job;
  return (
    <Stack gap="md">
      <Stack gap={2} pr={40}>
        <Title order={1} size="h2">
          {m.detailTitle}
        </Title>
        <Text ff="monospace" size="sm" c="dimmed">
          {job.id}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <Field label={m.kind}>{formatJobKind(job.kind)}</Field>
        <Field label={m.status}>
          <Badge variant="dot" color={jobStatusColors[job.status]}>
            {job.status}
          </Badge>
        </Field>
        <Field label={m.createdOn}>{formatJobTime(job.createdOn)}</Field>
        <Field label={m.finishedOn}>{formatJobTime(job.finishedOn)}</Field>
        <Field label={m.device}>
          {deviceId === null ? '—' : <JobDevice deviceId={deviceId} canOpen={canOpenDevice} />}
        </Field>
      </SimpleGrid>
      <JsonTree
        value={job}
        label={m.json}
        testId="job-json"
        heading={
          <Title order={2} size="h4">
            {m.json}
          </Title>
        }
      />
    </Stack>
  );
}
