import {
  deviceCommandResultSchema,
  type DeviceCommand,
  type DeviceCommandResult,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonRequest } from '../../../lib/api-client';

export interface DeviceCommandRequest {
  command: DeviceCommand;
  /** updateSoftware: the target version. */
  data?: string;
  /** privateModeOn/Off: the user's typed first and last name. */
  confirmation?: string;
}

/** `POST /v2/devices/{id}/command/{cmd}` (spec 001 §7). */
export function runDeviceCommand(
  id: string,
  { command, ...body }: DeviceCommandRequest,
): Promise<DeviceCommandResult> {
  return apiFetch(
    `/v2/devices/${encodeURIComponent(id)}/command/${command}`,
    deviceCommandResultSchema,
    jsonRequest('POST', body),
  );
}

/** Runs a command on a device, then refetches the device (and its list rows), success or not. */
export function useDeviceCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeviceCommandRequest) => runDeviceCommand(id, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
