import { Text } from '@mantine/core';
import { DeviceFrame, type DeviceSection } from '../../features/devices/components/device-frame';
import { DeviceConfiguration } from '../../features/device-config';
import { DeviceJson } from '../../features/devices/components/json/device-json';
import { DeviceOverview } from '../../features/devices/components/overview/device-overview';
import { useMe } from '../../features/users/api/get-me';
import { placeholderMessages } from '../../components/placeholder/messages';

/** A device section whose content arrives in a later issue. */
function comingSoon(section: DeviceSection) {
  return function DeviceSectionPlaceholder() {
    return (
      <DeviceFrame section={section}>
        {() => <Text c="dimmed">{placeholderMessages.comingSoon}</Text>}
      </DeviceFrame>
    );
  };
}

// Each tab of the device detail is its own route (spec 001 §2), shown in the detail pane.
export function DeviceOverviewPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="overview">
      {(device) => (me ? <DeviceOverview device={device} role={me.role} user={me} /> : null)}
    </DeviceFrame>
  );
}
export function DeviceConfigurationPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="configuration">
      {(device) => (me ? <DeviceConfiguration device={device} role={me.role} /> : null)}
    </DeviceFrame>
  );
}
export { DeviceUsagePage } from './device-usage-page';
export { DeviceMetricsPage } from './device-metrics-page';
export function DeviceJsonPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="json">
      {(device) => (me ? <DeviceJson device={device} role={me.role} /> : null)}
    </DeviceFrame>
  );
}
export const DeviceDiagnosticsPage = comingSoon('diagnostics');
