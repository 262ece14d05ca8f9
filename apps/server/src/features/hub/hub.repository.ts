import type pg from 'pg';
import type { AccountScope } from '../../plugins/tenancy.js';

export interface HubNetworkRow {
  network_id: string;
  network_name: string;
  display_name: string;
  nms_type: string;
  nms_id: string;
}

export function createHubRepository(pool: pg.Pool) {
  return {
    /** Whether the device exists for the scope (not deleted, in a visible account). */
    async deviceVisible(scope: AccountScope, id: string): Promise<boolean> {
      const params: unknown[] = [id];
      let clause = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        clause = 'and account_id = any($2::uuid[])';
      }
      const { rowCount } = await pool.query(
        `select 1 from devices where id = $1 and deleted_at is null ${clause}`,
        params,
      );
      return (rowCount ?? 0) > 0;
    },

    /** The networks the portal requires for the device (from its active subscription). */
    async requiredNetworkIds(deviceId: string): Promise<Set<string>> {
      const { rows } = await pool.query<{ network_id: string }>(
        'select network_id from device_beams where device_id = $1 and is_required',
        [deviceId],
      );
      return new Set(rows.map((r) => r.network_id));
    },

    async networks(): Promise<HubNetworkRow[]> {
      const { rows } = await pool.query<HubNetworkRow>(
        'select network_id, network_name, display_name, nms_type, nms_id from hub_networks order by display_name',
      );
      return rows;
    },
  };
}
export type HubRepository = ReturnType<typeof createHubRepository>;
