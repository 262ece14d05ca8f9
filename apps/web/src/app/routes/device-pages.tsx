import { Text } from '@mantine/core';
import { DeviceFrame, type DeviceSection } from '../../features/devices/components/device-frame';
import { shellMessages } from '../messages';

/** A device section whose content arrives in a later issue. */
function comingSoon(section: DeviceSection) {
  return function DeviceSectionPlaceholder() {
    return (
      <DeviceFrame section={section}>
        {() => <Text c="dimmed">{shellMessages.comingSoon}</Text>}
      </DeviceFrame>
    );
  };
}

// Each tab of the device detail is its own route (spec 001 §2), shown in the detail pane.
export const DeviceOverviewPage = comingSoon('overview');
export const DeviceConfigurationPage = comingSoon('configuration');
export const DeviceUsagePage = comingSoon('usage');
export const DeviceMetricsPage = comingSoon('metrics');
export const DeviceJsonPage = comingSoon('json');
export const DeviceDiagnosticsPage = comingSoon('diagnostics');
