import { useParams } from '@tanstack/react-router';
import { DeviceFrame } from '../../devices';
import { DiagnosticAnalyze } from './diagnostic-analyze';

/**
 * Analyze (deviceDiagnosticAnalyze, spec 001 §2): one diagnostic file of the device, under its
 * Diagnostics tab, at /devices/{id}/diagnostics/analyze/{fileHash}/{selectedReport}.
 */
export function DiagnosticAnalyzePage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const fileHash = params['fileHash'] ?? '';
  const selectedReport = params['selectedReport'] ?? 'overview';
  return (
    <DeviceFrame section="diagnostics">
      {(device) => (
        <DiagnosticAnalyze
          key={`${device.id}:${fileHash}`}
          deviceId={device.id}
          deviceName={device.name}
          fileHash={fileHash}
          selectedReport={selectedReport}
        />
      )}
    </DeviceFrame>
  );
}
