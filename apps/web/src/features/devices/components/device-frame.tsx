import type { Device, RouteName } from '@aerie/contract';
import { Group, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import {
  DetailFrame,
  DetailLoadState,
  type DetailTab,
} from '../../../components/detail-frame/detail-frame';
import { useDetailPaneShown } from '../../../lib/detail-pane-shown';
import { usePageTitle } from '../../../lib/page-title';
import { PinSlot } from '../../../lib/pin-slot';
import { useAddRecentItem } from '../../shell';
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

const tab = (section: DeviceSection, route: DeviceTabRoute): DetailTab<DeviceSection> => ({
  section,
  route,
  label: deviceMessages.sections[section],
});

export const deviceTabs: readonly DetailTab<DeviceSection>[] = [
  tab('overview', 'deviceOverview'),
  tab('configuration', 'deviceConfiguration'),
  tab('usage', 'deviceUsage'),
  tab('metrics', 'deviceMetrics'),
  tab('json', 'deviceJson'),
  tab('diagnostics', 'deviceDiagnosticBrowser'),
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

  usePageTitle(query.data ? `${query.data.name} / ${deviceMessages.sections[section]}` : null);
  // Opened directly, the list under the pane renders once the device (or why not) shows.
  useDetailPaneShown(device !== undefined || error !== null);

  if (!device)
    return (
      <DetailLoadState
        error={error}
        loadingLabel={deviceMessages.loading}
        notFound={deviceMessages.notFound}
        loadFailed={deviceMessages.loadFailed}
      />
    );

  return (
    <>
      <RecordRecentDevice id={device.id} name={device.name} />
      <DetailFrame
        title={device.name}
        aside={
          <Group gap="sm" wrap="nowrap">
            <Text c="dimmed" size="sm">
              {device.serial ?? ''}
            </Text>
            <PinSlot entityType="device" entityId={device.id} name={device.name} />
          </Group>
        }
        itemId={device.id}
        section={section}
        tabs={deviceTabs}
        tabsLabel={deviceMessages.tabsLabel}
      >
        {children(device)}
      </DetailFrame>
    </>
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
