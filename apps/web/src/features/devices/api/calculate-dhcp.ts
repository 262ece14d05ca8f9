import { dhcpResponseSchema, type DhcpRequest, type DhcpResponse } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonRequest } from '../../../lib/api-client';

/** `POST /v2/devices/networkconfig/dhcp`: the DHCP gateway and range for the ETH0 fields. */
export function calculateDhcp(body: DhcpRequest): Promise<DhcpResponse> {
  return apiFetch('/v2/devices/networkconfig/dhcp', dhcpResponseSchema, jsonRequest('POST', body));
}

export function useCalculateDhcp() {
  return useMutation({ mutationFn: calculateDhcp });
}
