import type pg from 'pg';
import type { devices as devicesTable, subscriptions } from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';

export interface DeviceFigures {
  satelliteOnline: number;
  cellularOnline: number;
  private: number;
  paused: number;
  byBeam: Map<string, number>;
  bySoftware: Map<string, number>;
}

export interface AccessFigures {
  devices: DeviceFigures;
  /** Data limit in GB (null when the subscription has none) → active subscriptions. */
  activeSubscriptionsByLimit: Map<number | null, number>;
  activeStaffUsers: number;
  activeOtherUsers: number;
  accounts: number;
  accountsWithConfigurator: number;
}

type DeviceColumns = typeof devicesTable.$inferSelect;

/** One grouping set's row: the grand total, a beam or a software version with its count. */
interface DeviceGroupRow {
  byBeam: boolean;
  bySoftware: boolean;
  beam: DeviceColumns['beam'];
  software: DeviceColumns['softwareCurrentVersion'];
  n: number;
  satelliteOnline: number;
  cellularOnline: number;
  private: number;
  paused: number;
}

/** The scope's account ids are parameter $1 of every query: null for every account. */
const inScope = (column: string) => `($1::uuid[] is null or ${column} = any($1::uuid[]))`;
const scopeIds = (scope: AccountScope) => (scope.all ? null : scope.accountIds);

/**
 * Aggregates for the home tiles, computed in the database: nothing but counts leaves it, so
 * the cost is one pass over each table whatever the fleet size.
 */
export function createAccessStatsRepository(pool: pg.Pool) {
  async function devices(scope: AccountScope): Promise<DeviceFigures> {
    // One pass: the grand total row plus a row per beam and per software version.
    const { rows } = await pool.query<DeviceGroupRow>(
      `select grouping(beam) = 0 as "byBeam", grouping(software_current_version) = 0 as "bySoftware",
              beam, software_current_version as software, count(*)::int as n,
              (count(*) filter (where satellite_online))::int as "satelliteOnline",
              (count(*) filter (where cellular_online))::int as "cellularOnline",
              (count(*) filter (where private))::int as private,
              (count(*) filter (where provisioned and not activated))::int as paused
         from devices
        where deleted_at is null and ${inScope('account_id')}
        group by grouping sets ((), (beam), (software_current_version))`,
      [scopeIds(scope)],
    );
    const figures: DeviceFigures = {
      satelliteOnline: 0,
      cellularOnline: 0,
      private: 0,
      paused: 0,
      byBeam: new Map(),
      bySoftware: new Map(),
    };
    for (const r of rows) {
      if (r.byBeam) {
        if (r.beam !== null) figures.byBeam.set(r.beam, r.n);
      } else if (r.bySoftware) {
        if (r.software !== null) figures.bySoftware.set(r.software, r.n);
      } else {
        figures.satelliteOnline = r.satelliteOnline;
        figures.cellularOnline = r.cellularOnline;
        figures.private = r.private;
        figures.paused = r.paused;
      }
    }
    return figures;
  }

  async function activeSubscriptions(scope: AccountScope): Promise<Map<number | null, number>> {
    // A subscription is active while it is the active subscription of a (not deleted) device;
    // both must be in scope. Filtering the devices too keeps a small scope's query small.
    const { rows } = await pool.query<
      Pick<typeof subscriptions.$inferSelect, 'dataLimitInGb'> & { n: number }
    >(
      `select s.data_limit_gb as "dataLimitInGb", count(*)::int as n
         from subscriptions s
        where exists (select 1 from device_subscriptions ds join devices d on d.id = ds.device_id
                       where ds.subscription_id = s.id and ds.active and d.deleted_at is null
                         and ${inScope('d.account_id')})
          and ${inScope('s.account_id')}
        group by s.data_limit_gb
        order by s.data_limit_gb nulls last`,
      [scopeIds(scope)],
    );
    return new Map(rows.map((r) => [r.dataLimitInGb, r.n]));
  }

  async function users(scope: AccountScope, since: Date, staffDomain: string) {
    const { rows } = await pool.query<{ staff: number; others: number }>(
      `select (count(*) filter (where lower(split_part(email, '@', 2)) = $2))::int as staff,
              (count(*) filter (where lower(split_part(email, '@', 2)) <> $2))::int as others
         from users
        where last_active_at >= $3 and ${inScope('account_id')}`,
      [scopeIds(scope), staffDomain.toLowerCase(), since],
    );
    return rows[0] ?? { staff: 0, others: 0 };
  }

  async function accounts(scope: AccountScope) {
    const { rows } = await pool.query<{ total: number; configurator: number }>(
      `select count(*)::int as total,
              (count(*) filter (where configurator_visible))::int as configurator
         from accounts
        where ${inScope('id')}`,
      [scopeIds(scope)],
    );
    return rows[0] ?? { total: 0, configurator: 0 };
  }

  return {
    /** Every figure of the tiles for the accounts of `scope`; users active since `since`. */
    async figures(scope: AccountScope, since: Date, staffDomain: string): Promise<AccessFigures> {
      const d = await devices(scope);
      const subs = await activeSubscriptions(scope);
      const u = await users(scope, since, staffDomain);
      const a = await accounts(scope);
      return {
        devices: d,
        activeSubscriptionsByLimit: subs,
        activeStaffUsers: u.staff,
        activeOtherUsers: u.others,
        accounts: a.total,
        accountsWithConfigurator: a.configurator,
      };
    },
  };
}
export type AccessStatsRepository = ReturnType<typeof createAccessStatsRepository>;
