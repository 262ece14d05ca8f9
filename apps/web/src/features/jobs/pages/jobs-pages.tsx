import { canAccess } from '@aerie/contract';
import { Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { JobDetail } from '../components/job-detail';
import { JobList } from '../components/job-list';
import { jobMessages } from '../messages';
import { useMe } from '../../users';
import { routesByName } from '../../../lib/route-paths';

/** `/jobs` (spec 001 §2 "Jobs"): the caller's active jobs. Not in the navigation (spec 000 §2.3). */
export function JobsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>{jobMessages.listTitle}</Title>
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
