import type pg from 'pg';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { ParsedDeviceQuery } from './device-query.js';

export interface DeviceListRow {
  id: string;
  type: string;
  name: string;
  serial: string | null;
  account_id: string;
  account_name: string;
  product_code: string | null;
  product_name: string | null;
  private: boolean;
  satellite_online: boolean | null;
  cellular_online: boolean | null;
  satellite_signal: number | null;
  cellular_signal: number | null;
  wifi: boolean | null;
  beam: string | null;
  satellite_last_updated: Date | null;
  cellular_last_updated: Date | null;
  latitude: number | null;
  longitude: number | null;
}

export interface DeviceRow extends DeviceListRow {
  geo_modem_model: string | null;
  leo_modem_model: string | null;
  buc_model: string | null;
  provisioned: boolean;
  activated: boolean;
  enable_cell_traffic: boolean;
  sync_in_progress: boolean;
  salesforce_asset_id: string | null;
  public_key: string | null;
  features: string[];
  satellite_location_updated_on: Date | null;
  cellular_location_updated_on: Date | null;
  software_current_version: string | null;
  software_target_version: string | null;
  software_locked: boolean;
  software_last_updated_on: Date | null;
  software_last_checkin: Date | null;
  total_satellite_usage: string;
  total_cellular_usage: string;
}

export interface DeviceSubscriptionRow {
  id: string;
  description: string;
  data_limit_gb: number | null;
  start_date: Date;
  end_date: Date;
  ds_start: Date;
  ds_end: Date | null;
  active: boolean;
  has_satellite: boolean;
  has_cellular: boolean;
  can_provision: boolean;
  can_activate: boolean;
  network_identifiers: string[] | null;
}

export interface NetworkConfigRow {
  eth0_ip_address: string | null;
  eth0_subnet_mask: string | null;
  sat0_ip_address: string | null;
  sat0_subnet_mask: string | null;
  mgmt_ip_address: string | null;
  mgmt_subnet_mask: string | null;
  dhcp_gateway: string | null;
  dhcp_client_ip_range_start: string | null;
  dhcp_client_ip_range_end: string | null;
}

export interface SimRow {
  eid: string | null;
  msisdn: string | null;
  cubic_lte_imsi: string | null;
  tele2_lte_imsi: string | null;
  cubic_dk_imsi: string | null;
  cubic_fr_imsi: string | null;
  batch: string | null;
  profile: string | null;
  form_factor: string | null;
  grade: string | null;
  sim_vendor: string | null;
  checked_out_to: string | null;
}

export interface DeviceDetailRows {
  device: DeviceRow;
  components: ComponentRow[];
  subscriptions: DeviceSubscriptionRow[];
  networkConfig: NetworkConfigRow | null;
  sim: SimRow | null;
}

export interface ComponentRow {
  device_id: string;
  type: string;
  model_shortcode: string | null;
  asset_id: string | null;
  serial: string;
}

const ORDER: Record<ParsedDeviceQuery['sortField'], string> = {
  Name: 'lower(d.name)',
  Serial: 'd.serial',
  Type: 'd.type',
  AccountName: 'lower(a.name)',
  ProductCode: 'd.product_code',
  'NetworkStatus.SatelliteOnline': 'd.satellite_online',
  'NetworkStatus.CellularOnline': 'd.cellular_online',
};

/** Escapes LIKE wildcards so user text matches literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQL of the device list: every query is limited to the caller's accounts
 * (unless the scope is all accounts) and never returns deleted devices.
 */
export function createDevicesRepository(pool: pg.Pool) {
  function where(scope: AccountScope, q: ParsedDeviceQuery): { clause: string; params: unknown[] } {
    const conditions = ['d.deleted_at is null'];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (!scope.all) conditions.push(`d.account_id = any(${param(scope.accountIds)}::uuid[])`);
    if (q.filters.accountIds.length > 0)
      conditions.push(`d.account_id = any(${param(q.filters.accountIds)}::uuid[])`);
    if (q.filters.satelliteOnline !== null) {
      conditions.push(
        q.filters.satelliteOnline ? 'd.satellite_online is true' : 'd.satellite_online is not true',
      );
    }
    if (q.filters.cellularOnline !== null) {
      conditions.push(
        q.filters.cellularOnline ? 'd.cellular_online is true' : 'd.cellular_online is not true',
      );
    }
    if (q.text) {
      const p = param(likePattern(q.text));
      conditions.push(`(d.name ilike ${p} or d.serial ilike ${p})`);
    }
    return { clause: conditions.join(' and '), params };
  }

  return {
    /** One page of the list, joined with accounts and products for its rows only. */
    async page(scope: AccountScope, q: ParsedDeviceQuery): Promise<DeviceListRow[]> {
      const { clause, params } = where(scope, q);
      const direction = q.sortDirection === 'desc' ? 'desc' : 'asc';
      const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
      const order = `${ORDER[q.sortField]} ${direction} ${nulls}, d.id ${direction}`;
      // Every filter is on the devices table: the page is chosen there (so the (lower(name), id)
      // index can serve the order and the limit), and only its rows are joined. The account
      // name is joined first only when it is the sort key.
      const sortJoin =
        q.sortField === 'AccountName' ? 'join accounts a on a.id = d.account_id' : '';
      const { rows } = await pool.query<DeviceListRow>(
        `with page as (
           select d.* from devices d ${sortJoin} where ${clause} order by ${order}
           limit ${q.take} offset ${q.skip}
         )
         select d.id, d.type, d.name, d.serial, d.account_id, a.name as account_name, d.product_code,
                p.name as product_name, d.private, d.satellite_online, d.cellular_online, d.satellite_signal,
                d.cellular_signal, d.wifi, d.beam, d.satellite_last_updated, d.cellular_last_updated,
                d.latitude, d.longitude
         from page d join accounts a on a.id = d.account_id
         left join device_products p on p.product_code = d.product_code
         order by ${order}`,
        params,
      );
      return rows;
    },

    /** How many devices match (without joins: every filter is on the devices table). */
    async count(scope: AccountScope, q: ParsedDeviceQuery): Promise<number> {
      const { clause, params } = where(scope, q);
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from devices d where ${clause}`,
        params,
      );
      return rows[0]?.n ?? 0;
    },

    /** One device with everything around it, or null when it is outside the scope or deleted. */
    async findById(scope: AccountScope, id: string): Promise<DeviceDetailRows | null> {
      const params: unknown[] = [id];
      let tenancy = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        tenancy = 'and d.account_id = any($2::uuid[])';
      }
      const found = await pool.query<DeviceRow>(
        `select d.*, a.name as account_name, p.name as product_name, p.geo_modem_model, p.leo_modem_model, p.buc_model
         from devices d join accounts a on a.id = d.account_id
         left join device_products p on p.product_code = d.product_code
         where d.id = $1 and d.deleted_at is null ${tenancy}`,
        params,
      );
      const device = found.rows[0];
      if (!device) return null;
      const [components, subscriptions, networkConfig, sim] = await Promise.all([
        this.componentsOf([id]),
        pool.query<DeviceSubscriptionRow>(
          `select s.id, s.description, s.data_limit_gb, s.start_date, s.end_date, ds.start_date as ds_start,
                  ds.end_date as ds_end, ds.active, s.has_satellite, s.has_cellular, s.can_provision, s.can_activate,
                  s.network_identifiers
           from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
           where ds.device_id = $1 order by ds.start_date desc`,
          [id],
        ),
        pool.query<NetworkConfigRow>('select * from device_network_configs where device_id = $1', [
          id,
        ]),
        pool.query<SimRow>('select * from sim_configurations where device_id = $1', [id]),
      ]);
      return {
        device,
        components,
        subscriptions: subscriptions.rows,
        networkConfig: networkConfig.rows[0] ?? null,
        sim: sim.rows[0] ?? null,
      };
    },

    /** Renames a device in the scope; false when it is outside the scope, missing or deleted. */
    async rename(scope: AccountScope, id: string, name: string): Promise<boolean> {
      const params: unknown[] = [id, name];
      let tenancy = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        tenancy = 'and account_id = any($3::uuid[])';
      }
      const r = await pool.query(
        `update devices set name = $2, updated_at = now()
         where id = $1 and deleted_at is null ${tenancy}`,
        params,
      );
      return (r.rowCount ?? 0) > 0;
    },

    /** Daily usage of a device in a calendar month (only days with traffic have rows). */
    async dailyUsage(
      deviceId: string,
      year: number,
      month: number,
    ): Promise<{ day: number; satellite_bytes: string; cellular_bytes: string }[]> {
      const first = `${year}-${String(month).padStart(2, '0')}-01`;
      const r = await pool.query<{ day: number; satellite_bytes: string; cellular_bytes: string }>(
        `select extract(day from day)::int as day, satellite_bytes, cellular_bytes from device_daily_usage
         where device_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')
         order by day`,
        [deviceId, first],
      );
      return r.rows;
    },

    async componentsOf(deviceIds: readonly string[]): Promise<ComponentRow[]> {
      if (deviceIds.length === 0) return [];
      const r = await pool.query<ComponentRow>(
        `select device_id, type, model_shortcode, asset_id, serial from device_components
         where device_id = any($1::uuid[]) order by device_id, type, serial`,
        [deviceIds],
      );
      return r.rows;
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
