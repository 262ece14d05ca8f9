import type pg from 'pg';

export interface HubNetworkRow {
  network_id: string;
  network_name: string;
  display_name: string;
  nms_type: string;
  nms_id: string;
}

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
        'select network_id, network_name, display_name, nms_type, nms_id from hub_networks order by display_name',
      );
      return rows;
    },
  };
}
export type HubRepository = ReturnType<typeof createHubRepository>;
