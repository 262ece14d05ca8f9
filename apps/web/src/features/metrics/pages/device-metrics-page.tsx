import type { MetricGraph } from '@aerie/contract';
import { Loader } from '@mantine/core';
import { DeviceFrame } from '../../devices';
import { MetricGraphs } from '../components/metric-graphs';
import { metricsMessages } from '../messages';
import { useMe, useUpdateSettings } from '../../users';
import { showToast } from '../../../lib/toast';

/** The user's graphs (setting `userGraphs`) for one device; saved through the settings call. */
function DeviceMetrics({ deviceId }: { deviceId: string }) {
  const { data: me } = useMe();
  const update = useUpdateSettings();
  if (!me) return <Loader role="status" aria-label={metricsMessages.loadingGraphs} />;

  const save = async (userGraphs: MetricGraph[]) => {
    try {
      await update.mutateAsync({ userGraphs });
    } catch (error) {
      showToast({ color: 'red', message: metricsMessages.saveFailed, autoClose: 5_000 });
      throw error;
    }
  };
  return <MetricGraphs deviceId={deviceId} graphs={me.settings.userGraphs} onSave={save} />;
}

/** Metrics (deviceMetrics, spec 001 §2). */
export function DeviceMetricsPage() {
  return (
    <DeviceFrame section="metrics">
      {(device) => <DeviceMetrics key={device.id} deviceId={device.id} />}
    </DeviceFrame>
  );
}
