import { canAccess, type Device, type RouteName } from '@aerie/contract';
import { Alert, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useDetailPaneShown } from '../../../lib/detail-pane-shown';
import { usePageTitle } from '../../../lib/page-title';
import { routePath, routesByName } from '../../../lib/route-paths';
import { isApiError } from '../../../lib/api-client';
import { PinSlot } from '../../../lib/pin-slot';
import { useAddRecentItem } from '../../shell';
import { useMe } from '../../users';
import { useDevice } from '../api/get-device';
import { deviceMessages } from '../messages';

export type DeviceSection = keyof typeof deviceMessages.sections;

/** The tabs of the device detail in the spec's order, with their route names (spec 001 §2). */
type DeviceTabRoute = Extract<
  RouteName,
  | 'deviceOverview'
  | 'deviceConfiguration'
  | 'deviceUsage'
  | 'deviceMetrics'
  | 'deviceJson'
  | 'deviceDiagnosticBrowser'
>;

export const deviceTabs: readonly { section: DeviceSection; route: DeviceTabRoute }[] = [
  { section: 'overview', route: 'deviceOverview' },
  { section: 'configuration', route: 'deviceConfiguration' },
  { section: 'usage', route: 'deviceUsage' },
  { section: 'metrics', route: 'deviceMetrics' },
  { section: 'json', route: 'deviceJson' },
  { section: 'diagnostics', route: 'deviceDiagnosticBrowser' },
];

export interface DeviceFrameProps {
  section: DeviceSection;
  /** The section's content for the loaded device. */
  children: (device: Device) => ReactNode;
}

/**
 * The device detail (spec 001 §2): header with the device name,
 * the tabs the role may open, page title '{device name} / {section}'. Opening a device
 * records it in the user's recent devices.
 */
export function DeviceFrame({ section, children }: DeviceFrameProps) {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const deviceId = params['id'] ?? '';
  const query = useDevice(deviceId);
  const { error } = query;
  // NOTE: the device's content (the overview's six cards) renders in a transition, in slices
  // that yield to the browser, so the device's arrival is no long task (decision 025).
  const device = useDeferredValue(query.data);
  const { data: me } = useMe({ enabled: false });
  const navigate = useNavigate();

  usePageTitle(query.data ? `${query.data.name} / ${deviceMessages.sections[section]}` : null);
  // Opened directly, the list under the pane renders once the device (or why not) shows.
  useDetailPaneShown(device !== undefined || error !== null);

  if (!device && !error) return <Loader role="status" aria-label="Loading device" />;
  if (error || !device) {
    // A malformed id (400) names no device either.
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      // Clear of the detail pane's close button, which sits over the top right corner.
      <Alert color={missing ? 'gray' : 'red'} role="alert" mr={48}>
        {missing ? deviceMessages.notFound : deviceMessages.loadFailed}
      </Alert>
    );
  }

  const tabs = deviceTabs.filter(({ route }) => {
    const definition = routesByName.get(route);
    return me && definition ? canAccess(definition.access, me.role) : false;
  });

  return (
    <Stack gap="md">
      <RecordRecentDevice id={device.id} name={device.name} />
      <Group justify="space-between" wrap="nowrap" pr={40}>
        <Title order={1} size="h2">
          {device.name}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Text c="dimmed" size="sm">
            {device.serial ?? ''}
          </Text>
          <PinSlot entityType="device" entityId={device.id} name={device.name} />
        </Group>
      </Group>
      <Tabs
        value={section}
        onChange={(value) => {
          const tab = tabs.find((t) => t.section === value);
          if (tab) void navigate({ to: routePath(tab.route, { id: device.id }) });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={deviceMessages.tabsLabel}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.section} value={tab.section}>
              {deviceMessages.sections[tab.section]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <div role="tabpanel" aria-label={deviceMessages.sections[section]}>
        {children(device)}
      </div>
    </Stack>
  );
}

/**
 * Records the open device in the user's recent devices, again after a rename so that the list
 * shows the new name. A component of its own: the call's states (pending, done) re-render only
 * it, not the device's page (two extra renders of the overview's cards, issue 13).
 */
function RecordRecentDevice({ id, name }: { id: string; name: string }) {
  const { mutate } = useAddRecentItem('device');
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    const key = `${id}\n${name}`;
    if (recorded.current === key) return;
    recorded.current = key;
    mutate({ id, name });
  }, [id, name, mutate]);
  return null;
}
