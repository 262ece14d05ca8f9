import { deviceConfigEndpoints, type DhcpRequest, type DhcpResponse } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /v2/devices/networkconfig/dhcp`: the DHCP gateway and range for the ETH0 fields. */
export function calculateDhcp(body: DhcpRequest): Promise<DhcpResponse> {
  return callApi(deviceConfigEndpoints.dhcp, { body });
}

export function useCalculateDhcp() {
  return useMutation({ mutationFn: calculateDhcp });
}
