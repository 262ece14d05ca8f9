import type pg from 'pg';
import type { hubNetworks } from '../../db/fleet-schema.js';

export type HubNetworkRow = typeof hubNetworks.$inferSelect;

export function createHubRepository(pool: pg.Pool) {
  return {
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
        `select network_id as "networkId", network_name as "networkName",
                display_name as "displayName", nms_type as "nmsType", nms_id as "nmsId"
           from hub_networks order by display_name`,
      );
      return rows;
    },
  };
}
export type HubRepository = ReturnType<typeof createHubRepository>;
