import type pg from 'pg';
import type { HubBeamState, HubRemoteState, NmsType } from '../../adapters/hub-adapter.js';
import type { HubRemoteStore } from './hub-simulator.js';

interface StoredBeam {
  networkId: string;
  provisioned: boolean;
  activated: boolean;
  provisionedOn: string | null;
  activatedOn: string | null;
}
interface StoredRemote {
  remoteId: string;
  nmsType: NmsType;
  beams: StoredBeam[];
  hybrid: { provisioned: boolean; activated: boolean };
  cellular: { activated: boolean };
}

const date = (v: string | null) => (v ? new Date(v) : null);

/** SIMULATOR: the simulated hub's remotes in the table `hub_simulator_remotes`. */
export function createPgHubRemoteStore(pool: pg.Pool): HubRemoteStore {
  return {
    async get(remoteId) {
      const { rows } = await pool.query<{ state: StoredRemote }>(
        'select state from hub_simulator_remotes where remote_id = $1',
        [remoteId],
      );
      const s = rows[0]?.state;
      if (!s) return null;
      return {
        ...s,
        beams: s.beams.map((b): HubBeamState => ({
          ...b,
          provisionedOn: date(b.provisionedOn),
          activatedOn: date(b.activatedOn),
        })),
      };
    },
    async put(state: HubRemoteState) {
      await pool.query(
        `insert into hub_simulator_remotes (remote_id, state, updated_at) values ($1, $2, now())
         on conflict (remote_id) do update set state = excluded.state, updated_at = now()`,
        [state.remoteId, JSON.stringify(state)],
      );
    },
    async delete(remoteId) {
      await pool.query('delete from hub_simulator_remotes where remote_id = $1', [remoteId]);
    },
  };
}

/**
 * SIMULATOR: gives the simulated hub the remotes of the demo fleet as generated
 * (every provisioned device, on the beams it is actually on). Idempotent: a
 * remote the hub already knows is left as the hub has it.
 */
export async function importFleetIntoHubSimulator(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(`
    insert into hub_simulator_remotes (remote_id, state)
    select d.id::text, jsonb_build_object(
      'remoteId', d.id::text,
      'nmsType', coalesce((
        select n.nms_type from device_beams b join hub_networks n on n.network_id = b.network_id
         where b.device_id = d.id order by b.is_required desc, b.network_id limit 1), 'EVOLUTION'),
      'beams', coalesce((
        select jsonb_agg(jsonb_build_object(
          'networkId', b.network_id, 'provisioned', true, 'activated', b.activated_on is not null,
          'provisionedOn', b.provisioned_on, 'activatedOn', b.activated_on) order by b.network_id)
          from device_beams b where b.device_id = d.id and b.is_actually_on), '[]'::jsonb),
      'hybrid', jsonb_build_object('provisioned', d.hybrid_provisioned, 'activated', d.hybrid_activated),
      'cellular', jsonb_build_object('activated', d.cellular_activated))
    from devices d
    where d.provisioned and d.deleted_at is null
    on conflict (remote_id) do nothing`);
  return rowCount ?? 0;
}
