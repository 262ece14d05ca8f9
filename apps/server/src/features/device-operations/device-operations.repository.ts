import type pg from 'pg';
import { activeJobStatuses, hubCommands, type HubCommand, type JobStatus } from '@aerie/contract';
import type { hubNetworks, jobs } from '../../db/fleet-schema.js';
import type { RemoteOnHub } from './device-operations.ports.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { DeviceHubFlags } from './hub-job.outcome.js';

/** A hub job as the worker and the sweeper read it (its kind is one of the hub commands). */
export type HubJobRow = Pick<
  typeof jobs.$inferSelect,
  'id' | 'deviceId' | 'createdBy' | 'createdOn'
> & { kind: HubCommand; status: JobStatus };

type HubNetwork = typeof hubNetworks.$inferSelect;

const HUB_JOB_COLUMNS = `id, kind, status, device_id as "deviceId", created_by as "createdBy",
  created_on as "createdOn"`;

const ACTIVE_HUB_JOB = `status = any($2::text[]) and kind = any($3::text[])`;

/** The SQL of device commands, hub jobs and delete. */
export function createDeviceOperationsRepository(pool: pg.Pool) {
  async function softwareState(
    deviceId: string,
  ): Promise<{ locked: boolean; targetVersion: string | null } | null> {
    const { rows } = await pool.query<{ locked: boolean; targetVersion: string | null }>(
      `select software_locked as locked, software_target_version as "targetVersion"
         from devices where id = $1 and deleted_at is null`,
      [deviceId],
    );
    return rows[0] ?? null;
  }

  return {
    /** The device's queued or running hub job (at most one: a unique index guards it). */
    async activeHubJob(deviceId: string): Promise<{ id: string; kind: HubCommand } | null> {
      const { rows } = await pool.query<{ id: string; kind: HubCommand }>(
        `select id, kind from jobs where device_id = $1 and ${ACTIVE_HUB_JOB}`,
        [deviceId, activeJobStatuses, hubCommands],
      );
      return rows[0] ?? null;
    },

    async hubJob(jobId: string): Promise<HubJobRow | null> {
      const { rows } = await pool.query<HubJobRow>(
        `select ${HUB_JOB_COLUMNS} from jobs where id = $1 and kind = any($2::text[])`,
        [jobId, hubCommands],
      );
      return rows[0] ?? null;
    },

    /** Hub jobs still queued or running that were created before the cut-off. */
    async stuckHubJobs(olderThanSeconds: number, limit = 100): Promise<HubJobRow[]> {
      const { rows } = await pool.query<HubJobRow>(
        `select ${HUB_JOB_COLUMNS} from jobs
          where created_on < now() - make_interval(secs => $1) and ${ACTIVE_HUB_JOB}
          order by created_on limit ${limit}`,
        [olderThanSeconds, activeJobStatuses, hubCommands],
      );
      return rows;
    },

    async userName(userId: string): Promise<{ firstName: string; lastName: string } | null> {
      const { rows } = await pool.query<{ firstName: string; lastName: string }>(
        'select first_name as "firstName", last_name as "lastName" from users where id = $1',
        [userId],
      );
      return rows[0] ?? null;
    },

    async softwareCatalogue(): Promise<{ version: string }[]> {
      const { rows } = await pool.query<{ version: string }>(
        'select version from software_versions',
      );
      return rows;
    },

    /*
     * NOTE: the software commands check the device's state in the statement that changes it
     * (issue 14): a check on a row read earlier let `updateSoftware` and `lockSoftware` sent
     * together both pass, leaving a locked device with a pending update. Under READ COMMITTED
     * PostgreSQL re-checks the WHERE clause on the row a concurrent update left, so of two such
     * commands exactly one changes the row. What stopped the other is read afterwards, in a
     * statement of its own (a new snapshot that sees the winner's commit).
     */

    /** Locks the software unless an update is scheduled (a locked device never has one). */
    async lockSoftware(deviceId: string): Promise<'updateScheduled' | 'gone' | null> {
      const { rowCount } = await pool.query(
        `update devices set software_locked = true, updated_at = now()
          where id = $1 and deleted_at is null and software_target_version is null`,
        [deviceId],
      );
      if (rowCount) return null;
      return (await softwareState(deviceId))?.targetVersion ? 'updateScheduled' : 'gone';
    },

    async unlockSoftware(deviceId: string): Promise<void> {
      await pool.query(
        'update devices set software_locked = false, updated_at = now() where id = $1',
        [deviceId],
      );
    },

    /**
     * Schedules an update while the software is unlocked and still at the version the update
     * was chosen for (a check-in may have moved it since).
     */
    async scheduleSoftwareUpdate(
      deviceId: string,
      version: string,
      fromVersion: string,
    ): Promise<'locked' | 'changed' | null> {
      const { rowCount } = await pool.query(
        `update devices set software_target_version = $2, updated_at = now()
          where id = $1 and deleted_at is null and not software_locked
            and software_current_version = $3`,
        [deviceId, version, fromVersion],
      );
      if (rowCount) return null;
      return (await softwareState(deviceId))?.locked ? 'locked' : 'changed';
    },

    /** Cancels the scheduled update; false when there was none (any more). */
    async cancelSoftwareUpdate(deviceId: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update devices set software_target_version = null, updated_at = now()
          where id = $1 and software_target_version is not null`,
        [deviceId],
      );
      return (rowCount ?? 0) > 0;
    },

    async setPrivate(deviceId: string, on: boolean): Promise<void> {
      await pool.query('update devices set private = $2, updated_at = now() where id = $1', [
        deviceId,
        on,
      ]);
    },

    /** Whether a job is still Queued or Running. */
    async jobActive(jobId: string): Promise<boolean> {
      const r = await pool.query(
        `select 1 from jobs where id = $1 and status in ('Queued', 'Running')`,
        [jobId],
      );
      return r.rowCount === 1;
    },

    async setSyncInProgress(deviceId: string, on: boolean): Promise<void> {
      await pool.query(
        `update devices set sync_in_progress = $2,
                sync_started_at = case when $2 then now() else sync_started_at end
          where id = $1`,
        [deviceId, on],
      );
    },

    /**
     * Clears the flag of devices whose sync ended without clearing it (a crash between
     * finishing the job and writing the device): flag on, no active hub job, older than the cut-off.
     */
    async clearOrphanedSyncFlags(olderThanSeconds: number): Promise<number> {
      const { rowCount } = await pool.query(
        `update devices d set sync_in_progress = false
          where d.sync_in_progress
            and (d.sync_started_at is null or d.sync_started_at < now() - make_interval(secs => $1))
            and not exists (select 1 from jobs where device_id = d.id and ${ACTIVE_HUB_JOB})`,
        [olderThanSeconds, activeJobStatuses, hubCommands],
      );
      return rowCount ?? 0;
    },

    /** Network ids the device requires, with their NMS types. */
    async requiredBeams(deviceId: string): Promise<Pick<HubNetwork, 'networkId' | 'nmsType'>[]> {
      const { rows } = await pool.query<Pick<HubNetwork, 'networkId' | 'nmsType'>>(
        `select b.network_id as "networkId", n.nms_type as "nmsType"
           from device_beams b join hub_networks n on n.network_id = b.network_id
          where b.device_id = $1 and b.is_required order by b.network_id`,
        [deviceId],
      );
      return rows;
    },

    /** The NMS type of the active subscription's NMS, if it names one the hub has. */
    async subscriptionNmsType(subscriptionId: string): Promise<string | null> {
      const { rows } = await pool.query<Pick<HubNetwork, 'nmsType'>>(
        `select n.nms_type as "nmsType" from subscriptions s join hub_networks n on n.nms_id = s.nms_id
          where s.id = $1 limit 1`,
        [subscriptionId],
      );
      return rows[0]?.nmsType ?? null;
    },

    /**
     * Writes what the hub holds after an operation: the device's flags, its beams as the hub
     * has them (required beams stay, others the hub dropped are removed), and ends the sync.
     */
    async writeHubOutcome(
      deviceId: string,
      flags: DeviceHubFlags,
      remote: RemoteOnHub | null,
    ): Promise<void> {
      const beams = (remote?.beams ?? []).map((b) => ({
        networkId: b.networkId,
        on: b.provisioned,
        provisionedOn: b.provisionedOn?.toISOString() ?? null,
        activatedOn: b.activatedOn?.toISOString() ?? null,
      }));
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `update devices set provisioned = $2, activated = $3, enable_cell_traffic = $4,
                  hybrid_provisioned = $5, hybrid_activated = $6, cellular_activated = $7,
                  sync_in_progress = false, updated_at = now()
            where id = $1`,
          [
            deviceId,
            flags.provisioned,
            flags.activated,
            flags.enableCellTraffic,
            flags.hybridProvisioned,
            flags.hybridActivated,
            flags.cellularActivated,
          ],
        );
        await client.query(
          `with hub as (
             select * from jsonb_to_recordset($2::jsonb)
               as h("networkId" text, "on" boolean, "provisionedOn" timestamptz, "activatedOn" timestamptz)
           ), upserted as (
             insert into device_beams (device_id, network_id, is_required, is_actually_on, provisioned_on, activated_on)
             select $1, h."networkId", false, h."on", h."provisionedOn", h."activatedOn"
               from hub h where exists (select 1 from hub_networks n where n.network_id = h."networkId")
             on conflict (device_id, network_id) do update
               set is_actually_on = excluded.is_actually_on, provisioned_on = excluded.provisioned_on,
                   activated_on = excluded.activated_on
             returning network_id
           )
           update device_beams b set is_actually_on = false, provisioned_on = null, activated_on = null
            where b.device_id = $1 and b.network_id not in (select "networkId" from hub)`,
          [deviceId, JSON.stringify(beams)],
        );
        await client.query(
          'delete from device_beams where device_id = $1 and not is_required and not is_actually_on',
          [deviceId],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    /** Soft delete (who and when); false when the device is outside the scope or already gone. */
    async softDelete(scope: AccountScope, deviceId: string, userId: string): Promise<boolean> {
      const params: unknown[] = [deviceId, userId];
      let tenancy = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        tenancy = 'and account_id = any($3::uuid[])';
      }
      const { rowCount } = await pool.query(
        `update devices set deleted_at = now(), deleted_by = $2, sync_in_progress = false, updated_at = now()
          where id = $1 and deleted_at is null ${tenancy}`,
        params,
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
export type DeviceOperationsRepository = ReturnType<typeof createDeviceOperationsRepository>;
