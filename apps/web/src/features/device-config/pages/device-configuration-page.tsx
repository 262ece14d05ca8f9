import { DeviceFrame } from '../../devices';
import { useMe } from '../../users';
import { DeviceConfiguration } from '../components/device-configuration';

/** Configuration (deviceConfiguration, spec 001 §2): a tab of the device detail. */
export function DeviceConfigurationPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <DeviceFrame section="configuration">
      {(device) => (me ? <DeviceConfiguration device={device} role={me.role} /> : null)}
    </DeviceFrame>
  );
}
