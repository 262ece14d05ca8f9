import { mailEndpoints, type MailList, type MailMessage } from '@aerie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/admin/mail`: a page of the outbox, newest first. */
export function useMailList(skip: number, take: number) {
  return useQuery({
    queryKey: ['mail', 'list', skip, take],
    queryFn: ({ signal }): Promise<MailList> =>
      callApi(mailEndpoints.list, { query: { skip, take } }, { signal }),
    placeholderData: keepPreviousData,
    // Delivery states change in the background: asked again while the page is open.
    refetchInterval: 10_000,
  });
}

/** `GET /v2/admin/mail/{id}`: one message with its body. */
export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: ['mail', 'message', id],
    queryFn: ({ signal }): Promise<MailMessage> =>
      callApi(mailEndpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
  });
}
