import { DeviceFrame } from '../components/device-frame';
import { DeviceUsageHistory } from '../components/usage/device-usage-history';

/** Usage History (deviceUsage, spec 001 §2). */
export function DeviceUsagePage() {
  return (
    <DeviceFrame section="usage">
      {(device) => (
        <DeviceUsageHistory
          key={device.id}
          deviceId={device.id}
          serialOrName={device.serial ?? device.name}
        />
      )}
    </DeviceFrame>
  );
}
