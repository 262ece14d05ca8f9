import { commandFailureMessage, type Device, type DeviceCommand } from '@aerie/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { downloadFeatureCertificate, downloadOptionsFiles } from '../api/download-device-files';
import { useDeviceCommand } from '../api/run-device-command';
import { deviceMessages } from '../messages';
import { showToast } from '../../../lib/toast';

const texts = deviceMessages.overview.software;

type ActionDevice = Pick<Device, 'id' | 'name' | 'components'>;

const success = (message: string) => showToast({ message, color: 'green', autoClose: 3_000 });
const failure = (message: string) => showToast({ message, color: 'red', autoClose: 5_000 });

/** The spec's texts for the software commands (§8); others fall back to "Error executing…". */
const COMMAND_TEXTS: Partial<Record<DeviceCommand, { ok: string; failed: string | null }>> = {
  updateSoftware: { ok: texts.updateQueued, failed: texts.updateFailed },
  cancelSoftwareUpdate: { ok: texts.updateCancelled, failed: texts.cancelFailed },
  lockSoftware: { ok: texts.lockedToast, failed: null },
  unlockSoftware: { ok: texts.unlocked, failed: null },
};

/**
 * The Software card's actions with their toasts: commands (the device is refetched after each)
 * and the two downloads. `pending` names the action under way, for its button's spinner.
 */
export function useSoftwareActions(device: ActionDevice) {
  const command = useDeviceCommand(device.id);
  const [downloading, setDownloading] = useState<'certificate' | 'options' | null>(null);

  async function run(cmd: DeviceCommand, data?: string): Promise<boolean> {
    const t = COMMAND_TEXTS[cmd];
    try {
      await command.mutateAsync(
        data === undefined ? { command: cmd } : { command: cmd, body: { data } },
      );
      if (t) success(t.ok);
      return true;
    } catch {
      failure(t?.failed ?? commandFailureMessage(cmd, device.id));
      return false;
    }
  }

  async function download(kind: 'certificate' | 'options') {
    setDownloading(kind);
    try {
      if (kind === 'certificate') await downloadFeatureCertificate(device);
      else await downloadOptionsFiles(device);
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      failure(kind === 'options' ? texts.optionsFileFailed(message) : texts.downloadFailed);
    } finally {
      setDownloading(null);
    }
  }

  return {
    run,
    download,
    pendingCommand: command.isPending ? (command.variables?.command ?? null) : null,
    downloading,
  };
}
