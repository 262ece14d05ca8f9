import { healthEndpoints, type Maintenance } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { maintenanceQueryKey } from './get-maintenance';

/** `PUT /health/maintenance` (Super User, provider Admin): maintenance mode on or off. */
export function setMaintenance(maintenance: boolean): Promise<Maintenance> {
  return callApi(healthEndpoints.setMaintenance, { body: { maintenance } });
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKey }),
  });
}
