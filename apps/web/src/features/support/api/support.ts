import {
  devicesEndpoints,
  supportEndpoints,
  type CreateTicket,
  type DeviceList,
  type SupportConfig,
  type Ticket,
  type TicketList,
  type TicketStatus,
} from '@aerie/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `GET /v2/support/tickets` (staff): a page, newest first, of one status or all. */
export function useTickets(query: {
  status: TicketStatus | undefined;
  skip: number;
  take: number;
}) {
  return useQuery({
    queryKey: ['support', 'tickets', query],
    queryFn: ({ signal }): Promise<TicketList> =>
      callApi(
        supportEndpoints.tickets,
        {
          query: {
            skip: query.skip,
            take: query.take,
            ...(query.status ? { status: query.status } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /v2/support/tickets/{id}` (staff): answered, closed or open again. */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }): Promise<Ticket> =>
      callApi(supportEndpoints.updateTicket, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] }),
  });
}
