import { DeviceFrame } from '../../devices';
import { DeviceDiagnostics } from '../components/device-diagnostics';
import { deviceAntennaSerial } from '../utils/diagnostic-display';

/** A device's Diagnostics tab (deviceDiagnosticBrowser, spec 001 §2). */
export function DeviceDiagnosticsPage() {
  return (
    <DeviceFrame section="diagnostics">
      {(device) => (
        <DeviceDiagnostics
          key={device.id}
          deviceId={device.id}
          antennaSerial={deviceAntennaSerial(device.components)}
        />
      )}
    </DeviceFrame>
  );
}
