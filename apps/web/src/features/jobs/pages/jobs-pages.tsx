import { canAccess, FINISHED_JOBS_LISTED_HOURS } from '@aerie/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { JobDetail } from '../components/job-detail';
import { JobList } from '../components/job-list';
import { jobMessages } from '../messages';
import { useMe } from '../../users';
import { routesByName } from '../../../lib/route-paths';

/**
 * `/jobs` (spec 001 §2 "Jobs"): the caller's active jobs, and the finished ones of the last day
 * with their outcome (issue 13); in the navigation (issue 13) although spec 000 §2.3 omits it.
 */
export function JobsPage() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{jobMessages.listTitle}</Title>
        <Text c="dimmed" size="sm">
          {jobMessages.listDescription(FINISHED_JOBS_LISTED_HOURS)}
        </Text>
      </div>
      <JobList />
    </Stack>
  );
}

/** `/jobs/$id` (jobDetail): one job in the detail pane over the list; closing returns to /jobs. */
export function JobDetailPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const { data: me } = useMe({ enabled: false });
  const deviceRoute = routesByName.get('deviceOverview');
  const canOpenDevice = Boolean(me && deviceRoute && canAccess(deviceRoute.access, me.role));
  return <JobDetail id={params['id'] ?? ''} canOpenDevice={canOpenDevice} />;
}
