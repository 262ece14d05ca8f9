import {
  deviceConfigEndpoints,
  type NetworkTemplate,
  type NetworkTemplateKey,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const networkTemplateQueryKey = (key: NetworkTemplateKey | null) =>
  ['devices', 'networkTemplate', key] as const;

/** `POST /v1/provision/networkTemplate`: 404 'The specified template does not exist.' when none. */
export function getNetworkTemplate(key: NetworkTemplateKey): Promise<NetworkTemplate> {
  return callApi(deviceConfigEndpoints.networkTemplate, { body: key }, { quiet: true });
}

/** The template of `key`; waits while the key is not known yet. */
export function useNetworkTemplate(key: NetworkTemplateKey | null) {
  return useQuery(
    queryOptions({
      queryKey: networkTemplateQueryKey(key),
      queryFn: () => getNetworkTemplate(key!),
      enabled: key !== null,
      staleTime: 0,
    }),
  );
}
