import {
  type Device,
  type DeviceCommand,
  type DeviceCommandBody,
  type DeviceCommandResult,
  deviceOperationsEndpoints,
  isHubCommand,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `POST /v2/devices/{id}/command/{cmd}`: 202 with the hub job, or 200 applied at once. */
export function runDeviceCommand(
  id: string,
  command: DeviceCommand,
  body: DeviceCommandBody = {},
): Promise<DeviceCommandResult> {
  return callApi(deviceOperationsEndpoints.command, { params: { id, cmd: command }, body });
}

export interface DeviceCommandVariables {
  command: DeviceCommand;
  body?: DeviceCommandBody;
}

/**
 * Runs a command on the device, then refetches it (and its hub state). A hub command shows the
 * sync in progress at once: the server has set the flag before it answered.
 */
export function useDeviceCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ command, body }: DeviceCommandVariables) => runDeviceCommand(id, command, body),
    onSuccess: async (result) => {
      if (isHubCommand(result.command)) {
        queryClient.setQueryData<Device>(deviceQueryKey(id), (device) =>
          device ? { ...device, syncInProgress: true } : device,
        );
      }
    },
    // Success or not, the device (and its rows in the list) are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
