import { DeviceFrame } from '../components/device-frame';
import { DeviceJson } from '../components/json/device-json';
import { DeviceOverview } from '../components/overview/device-overview';
import { useMe } from '../../users';

// Each tab of the device detail is its own route (spec 001 §2), shown in the detail pane.
export function DeviceOverviewPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="overview">
      {(device) => (me ? <DeviceOverview device={device} role={me.role} user={me} /> : null)}
    </DeviceFrame>
  );
}
export function DeviceJsonPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="json">
      {(device) => (me ? <DeviceJson device={device} role={me.role} /> : null)}
    </DeviceFrame>
  );
}
