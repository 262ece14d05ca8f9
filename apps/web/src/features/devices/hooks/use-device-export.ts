import { useCallback, useRef, useState } from 'react';
import { downloadTextFile } from '../../../lib/csv';
import { getDevices } from '../api/get-devices';
import { deviceMessages } from '../messages';
import {
  buildDevicesCsv,
  DEVICE_EXPORT_FIELDS,
  DEVICE_EXPORT_TAKE,
  deviceExportFileName,
} from '../utils/device-csv';
import { deviceListRequest, type DeviceListView } from '../utils/device-list-view';
import { showToast } from '../../../lib/toast';

const m = deviceMessages.export;

/** Where an export is: fetching the devices, building the file, or not running. */
export type DeviceExportState =
  { step: 'idle' } | { step: 'fetching' } | { step: 'building'; count: number };

/** The next task: lets the progress text paint before the file is built. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Export to CSV (spec 001 §2): up to 10000 devices with the list's current filters, query
 * and sort, in the spec's columns, downloaded as devices-{yyyy-MM-dd}.csv.
 */
export function useDeviceExport() {
  const [state, setState] = useState<DeviceExportState>({ step: 'idle' });
  const running = useRef(false);

  const run = useCallback(async (view: DeviceListView) => {
    if (running.current) return;
    running.current = true;
    setState({ step: 'fetching' });
    try {
      const request = deviceListRequest(
        { ...view, page: 1 },
        DEVICE_EXPORT_TAKE,
        DEVICE_EXPORT_FIELDS,
      );
      const { items, total } = await getDevices(request);
      setState({ step: 'building', count: items.length });
      await nextTask();
      downloadTextFile(deviceExportFileName(new Date()), buildDevicesCsv(items));
      showToast({
        color: 'teal',
        message: total > items.length ? m.truncated(items.length, total) : m.done(items.length),
        autoClose: 4_000,
      });
    } catch {
      showToast({ color: 'red', message: m.failed, autoClose: 5_000 });
    } finally {
      running.current = false;
      setState({ step: 'idle' });
    }
  }, []);

  return { state, run };
}
