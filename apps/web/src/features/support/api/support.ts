import {
  devicesEndpoints,
  supportEndpoints,
  type CreateTicket,
  type DeviceList,
  type SupportConfig,
  type Ticket,
} from '@aerie/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/support/config`: the ticket form's option lists. */
export function useSupportConfig() {
  return useQuery({
    queryKey: ['support', 'config'],
    queryFn: ({ signal }): Promise<SupportConfig> =>
      callApi(supportEndpoints.config, {}, { signal }),
    staleTime: Infinity,
  });
}

/** The device selector's list (spec 000 §9: skip 0, up to 10,000, these fields). */
export const TICKET_DEVICES_TAKE = 10_000;
export function useTicketDevices(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'devices'],
    queryFn: ({ signal }): Promise<DeviceList> =>
      callApi(
        devicesEndpoints.list,
        {
          query: {
            skip: 0,
            take: TICKET_DEVICES_TAKE,
            sortField: 'Name',
            sortDirection: 'ASC',
            fields: 'Id,Name,AccountId,Components',
          },
        },
        { signal },
      ),
    enabled,
    staleTime: 60_000,
  });
}

/** `POST /v2/support/ticket`. */
export function useCreateTicket() {
  return useMutation({
    mutationFn: (ticket: CreateTicket): Promise<Ticket> =>
      callApi(supportEndpoints.createTicket, { body: ticket }),
  });
}
