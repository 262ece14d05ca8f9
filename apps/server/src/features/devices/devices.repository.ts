import {
  deviceListFields,
  OFFLINE_ATTENTION_HOURS,
  type DeviceListField,
  type DeviceState,
  type FleetSummary,
} from '@aerie/contract';
import type pg from 'pg';
import type { accounts } from '../../db/schema.js';
import type {
  deviceComponents,
  deviceDailyUsage,
  deviceNetworkConfigs,
  deviceProducts,
  devices,
  deviceSubscriptions,
  simConfigurations,
  subscriptions,
} from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { ParsedDeviceQuery } from './device-query.js';
import { containsPattern } from '../../db/text-match.js';
import { createStatements, isCommonPage, isoText } from '../../db/page-sql.js';

type DeviceColumns = typeof devices.$inferSelect;
type ProductColumns = typeof deviceProducts.$inferSelect;
type SubscriptionColumns = typeof subscriptions.$inferSelect;
type LinkColumns = typeof deviceSubscriptions.$inferSelect;

/** Columns a list row and a full device share. */
type DeviceListColumns = Pick<
  DeviceColumns,
  | 'id'
  | 'type'
  | 'name'
  | 'serial'
  | 'accountId'
  | 'productCode'
  | 'private'
  | 'satelliteOnline'
  | 'cellularOnline'
  | 'satelliteSignal'
  | 'cellularSignal'
  | 'wifi'
  | 'beam'
  | 'latitude'
  | 'longitude'
> & {
  accountName: (typeof accounts.$inferSelect)['name'];
  /** Null when the device has no product (left join). */
  productName: ProductColumns['name'] | null;
};

/** Counts of the devices a list query matches, by state. */
export interface DeviceSummaryRow {
  total: number;
  online: number;
  offline: number;
}

/**
 * A row of the list (decision 019 amendment, session 17): the item's fields that come from the
 * devices table, written as JSON by PostgreSQL (`json`: the members without braces, '' when no
 * requested field comes from the table), with the ids the service adds the rest by: the
 * account's and the product's names (its name directory) and the components.
 */
export interface DeviceListRow {
  id: string;
  accountId: string;
  productCode: string | null;
  json: string;
}

/** A name of the list's name directory (an account's or a product's). */
export interface NamedRow {
  id: string;
  name: string;
}

/**
 * A full device. The usage totals are bigint, which `pg` answers as strings: the SQL casts them
 * to float8 so they arrive as the numbers the schema's `mode: 'number'` declares.
 */
export type DeviceRow = DeviceListColumns &
  Pick<
    DeviceColumns,
    | 'satelliteLastUpdated'
    | 'cellularLastUpdated'
    | 'provisioned'
    | 'activated'
    | 'enableCellTraffic'
    | 'syncInProgress'
    | 'salesforceAssetId'
    | 'publicKey'
    | 'features'
    | 'satelliteLocationUpdatedOn'
    | 'cellularLocationUpdatedOn'
    | 'softwareCurrentVersion'
    | 'softwareTargetVersion'
    | 'softwareLocked'
    | 'softwareLastUpdatedOn'
    | 'softwareLastCheckin'
    | 'totalSatelliteUsage'
    | 'totalCellularUsage'
  > &
  Pick<ProductColumns, 'geoModemModel' | 'leoModemModel' | 'bucModel'>;

/** A subscription of the device with the dates of the device's link to it. */
export type DeviceSubscriptionRow = Pick<
  SubscriptionColumns,
  | 'id'
  | 'description'
  | 'dataLimitInGb'
  | 'startDate'
  | 'endDate'
  | 'hasSatellite'
  | 'hasCellular'
  | 'canProvision'
  | 'canActivate'
  | 'networkIdentifiers'
> &
  Pick<LinkColumns, 'active'> & {
    linkStartDate: LinkColumns['startDate'];
    linkEndDate: LinkColumns['endDate'];
  };

export type NetworkConfigRow = Omit<
  typeof deviceNetworkConfigs.$inferSelect,
  'deviceId' | 'updatedAt'
>;

export type SimRow = Omit<typeof simConfigurations.$inferSelect, 'deviceId'>;

export interface DeviceDetailRows {
  device: DeviceRow;
  components: ComponentRow[];
  subscriptions: DeviceSubscriptionRow[];
  networkConfig: NetworkConfigRow | null;
  sim: SimRow | null;
}

export type ComponentRow = Pick<
  typeof deviceComponents.$inferSelect,
  'deviceId' | 'type' | 'modelShortcode' | 'assetId' | 'serial'
>;

/** Daily usage of a device: the day of the month and its (bigint, cast to float8) byte counts. */
export type DeviceDayUsageRow = Pick<
  typeof deviceDailyUsage.$inferSelect,
  'satelliteBytes' | 'cellularBytes'
> & { day: number };

const LIST_COLUMNS = `d.id, d.type, d.name, d.serial, d.account_id as "accountId",
  a.name as "accountName", d.product_code as "productCode", p.name as "productName", d.private,
  d.satellite_online as "satelliteOnline", d.cellular_online as "cellularOnline",
  d.satellite_signal as "satelliteSignal", d.cellular_signal as "cellularSignal", d.wifi, d.beam,
  d.latitude, d.longitude`;

/** A column as JSON text ('null' for NULL): strings escaped by PostgreSQL's JSON writer. */
const json = (column: string) => `coalesce(to_json(${column})::text, 'null')`;
/** A column whose text is already a JSON literal (booleans, numbers), or 'null'. */
const literal = (column: string) => `coalesce(${column}::text, 'null')`;
/** A timestamp as `Date.prototype.toISOString()` writes it, quoted, or 'null'. */
const isoJson = (column: string) => `coalesce('"' || ${isoText(column)} || '"', 'null')`;
/** A JSON member `"key":value` of an item, for SQL's `||`. */
const member = (key: string, value: string) => `'"${key}":' || ${value}`;

/**
 * The list item's fields that come from the devices table, as PostgreSQL writes them into the
 * item's JSON (the presenter of `GET /v2/devices`'s fields, in SQL: no row is parsed and no item
 * stringified on the server). `AccountName`, `ProductName` and `Components` are added by the
 * service. The API tests parse every field set with the contract's strict schema and compare
 * the items with `GET /v2/devices/{id}`.
 */
const ITEM_JSON: Partial<Record<DeviceListField, string>> = {
  Id: `'"id":"' || d.id || '"'`,
  Type: member('type', json('d.type')),
  Name: member('name', json('d.name')),
  Serial: member('serial', json('d.serial')),
  AccountId: `'"accountId":"' || d.account_id || '"'`,
  ProductCode: member('productCode', json('d.product_code')),
  Private: member('private', literal('d.private')),
  NetworkStatus: `'"networkStatus":{' || ${[
    member('satelliteOnline', literal('d.satellite_online')),
    member('cellularOnline', literal('d.cellular_online')),
    member('satelliteSignal', literal('d.satellite_signal')),
    member('cellularSignal', literal('d.cellular_signal')),
    member('wifi', literal('d.wifi')),
    member('beam', json('d.beam')),
    member('satelliteLastUpdated', isoJson('d.satellite_last_updated')),
    member('cellularLastUpdated', isoJson('d.cellular_last_updated')),
  ].join(` || ',' || `)} || '}'`,
  // A private device's position is not given in lists (the map fetch, exports): it stays off
  // every map of many devices (spec 001 §2 private mode; decision 018).
  Location: `'"location":{"coordinates":' || case
      when d.private or d.latitude is null or d.longitude is null then 'null'
      else '{"latitude":' || d.latitude || ',"longitude":' || d.longitude || '}' end || '}'`,
};

/** The list row's columns for the requested fields (see {@link DeviceListRow}). */
function rowColumns(fields: ParsedDeviceQuery['fields']): string {
  const asked = deviceListFields.filter((f) => ITEM_JSON[f] !== undefined && fields.has(f));
  const key = asked.join();
  let columns = ROW_COLUMNS.get(key);
  if (columns === undefined) {
    const item = asked.length > 0 ? asked.map((f) => ITEM_JSON[f]).join(` || ',' || `) : `''`;
    columns = `d.id, d.account_id as "accountId", d.product_code as "productCode", ${item} as json`;
    ROW_COLUMNS.set(key, columns);
  }
  return columns;
}
/** The columns per set of the table's fields asked for (at most 2^9 texts, each built once). */
const ROW_COLUMNS = new Map<string, string>();

const DEVICE_COLUMNS = `${LIST_COLUMNS}, d.satellite_last_updated as "satelliteLastUpdated",
  d.cellular_last_updated as "cellularLastUpdated", p.geo_modem_model as "geoModemModel",
  p.leo_modem_model as "leoModemModel", p.buc_model as "bucModel", d.provisioned, d.activated,
  d.enable_cell_traffic as "enableCellTraffic", d.sync_in_progress as "syncInProgress",
  d.salesforce_asset_id as "salesforceAssetId", d.public_key as "publicKey", d.features,
  d.satellite_location_updated_on as "satelliteLocationUpdatedOn",
  d.cellular_location_updated_on as "cellularLocationUpdatedOn",
  d.software_current_version as "softwareCurrentVersion",
  d.software_target_version as "softwareTargetVersion", d.software_locked as "softwareLocked",
  d.software_last_updated_on as "softwareLastUpdatedOn",
  d.software_last_checkin as "softwareLastCheckin",
  d.total_satellite_usage::float8 as "totalSatelliteUsage",
  d.total_cellular_usage::float8 as "totalCellularUsage"`;

/** Sort keys; the name sorts naturally ("Camp 2" before "Camp 10") on its stored key. */
const ORDER: Record<ParsedDeviceQuery['sortField'], string> = {
  Name: 'd.name_sort_key',
  Serial: 'd.serial',
  Type: 'd.type',
  AccountName: 'lower(a.name)',
  ProductCode: 'd.product_code',
  'NetworkStatus.SatelliteOnline': 'd.satellite_online',
  'NetworkStatus.CellularOnline': 'd.cellular_online',
};

/**
 * The device states of `State:{state}` and the fleet summary (decision 029), as conditions on
 * `devices d`. Each subquery is uncorrelated, so PostgreSQL hashes it once for any number of
 * devices (a semi join in a WHERE, a hashed subplan in a FILTER) instead of probing per row.
 */
const HUB_JOB_KINDS = `'provision', 'activate', 'deactivate', 'enableCellTraffic', 'disableCellTraffic', 'syncToHub'`;
const componentWith = (type: string, condition: string) =>
  `d.id in (select device_id from device_components where type = '${type}' and ${condition})`;
const modelOf = (type: string, productColumn: string) =>
  `(${componentWith(type, 'model_shortcode is not null')} or d.product_code in (select product_code from device_products where ${productColumn} is not null))`;
const NETWORK_FIELDS = [
  'eth0_ip_address',
  'eth0_subnet_mask',
  'sat0_ip_address',
  'sat0_subnet_mask',
  'mgmt_ip_address',
  'mgmt_subnet_mask',
  'dhcp_gateway',
  'dhcp_client_ip_range_start',
  'dhcp_client_ip_range_end',
];
const ONLINE = '(d.satellite_online is true or d.cellular_online is true)';
const OFFLINE = `(d.satellite_online is false and d.cellular_online is not true
  or d.cellular_online is false and d.satellite_online is not true)`;
export const STATE_SQL: Record<DeviceState, string> = {
  Online: ONLINE,
  Offline: OFFLINE,
  // Offline, and nothing heard from either link for the last 24 hours.
  OfflineOver24h: `(${OFFLINE} and coalesce(greatest(d.satellite_last_updated, d.cellular_last_updated), '-infinity')
    < now() - interval '${OFFLINE_ATTENTION_HOURS} hours')`,
  SyncPending: 'd.sync_in_progress',
  // A hub device (one with a GeoModem) whose Synchronize the pre-sync errors would refuse
  // (contract preSyncErrors); the network configuration counts when a field is missing.
  SyncBlocked: `(${componentWith('GeoModem', 'true')} and (
    d.id not in (select device_id from device_subscriptions where active)
    or not ${componentWith('Antenna', 'model_shortcode is not null')}
    or not ${componentWith('GeoModem', "serial <> ''")}
    or not ${modelOf('GeoModem', 'geo_modem_model')}
    or not ${modelOf('BUC', 'buc_model')}
    or (d.id in (select ds.device_id from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
                  where ds.active and array_to_string(s.network_identifiers, ' ') ~* 'evolution')
        and d.id not in (select device_id from device_network_configs
                          where ${NETWORK_FIELDS.map((f) => `coalesce(${f}, '') <> ''`).join(' and ')}))))`,
  // The device's newest hub job ended in Error or PartialSuccess.
  HubJobFailed: `d.id in (select device_id from (
      select distinct on (device_id) device_id, status from jobs
       where device_id is not null and kind in (${HUB_JOB_KINDS})
       order by device_id, created_on desc) last_job
     where status in ('Error', 'PartialSuccess'))`,
};

/** The devices the fleet map shows (spec 002 §5): not private, located, with a network status. */
const ON_MAP = `not d.private and d.latitude is not null and d.longitude is not null
  and (d.satellite_online is not null or d.cellular_online is not null)`;

/** A coordinate as the map's JSON writes it: at most 5 decimals, no trailing zeros. */
const coordinate = (column: string) => `trim_scale(round(${column}::numeric, 5))::text`;

/**
 * The pages most asked for (the first ten at the portal's page sizes, without free text) run as
 * prepared statements: PostgreSQL then parses and plans each shape (sort, direction, which
 * filters, page) once per connection instead of on every call. The bound keeps the statements a
 * connection holds to a few hundred at most; text queries are planned for their pattern. Only
 * for a caller who sees every account, without an account filter: with the accounts as a
 * parameter, the generic plan PostgreSQL settles on after five runs walks the sort index and
 * keeps a tree's rows, which for an account with few devices reads the whole index (136 ms
 * against 0.15 ms planned for its values, measured on the 100,000-device database once a large
 * tree's admins had used the connection; decision 019 amendment, session 16).
 */
function isPreparedPage(scope: AccountScope, q: ParsedDeviceQuery): boolean {
  return scope.all && q.filters.accountIds.length === 0 && !q.text && isCommonPage(q);
}

/**
 * SQL of the device list: every query is limited to the caller's accounts
 * (unless the scope is all accounts) and never returns deleted devices.
 */
export interface DevicesRepositoryOptions {
  /**
   * Run the most asked-for pages as prepared statements (PostgreSQL only: PGlite is one session
   * that outlives the pool's client, which forgets what it prepared).
   */
  preparedStatements?: boolean;
}

export function createDevicesRepository(
  pool: Pick<pg.Pool, 'query'>,
  { preparedStatements = false }: DevicesRepositoryOptions = {},
) {
  const statement = createStatements();

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
    if (q.filters.state !== null) conditions.push(STATE_SQL[q.filters.state]);
    if (q.text) {
      const p = param(containsPattern(q.text));
      conditions.push(`(d.name ilike ${p} or d.serial ilike ${p})`);
    }
    return { clause: conditions.join(' and '), params };
  }

  /** The list's order: its key, the join the key needs, and the ORDER BY it writes. */
  function sortOf(q: ParsedDeviceQuery) {
    const direction = q.sortDirection === 'desc' ? 'desc' : 'asc';
    // NOTE: devices without a serial come last in either direction (issue 13, item 4).
    const nulls = direction === 'asc' || q.sortField === 'Serial' ? 'nulls last' : 'nulls first';
    return {
      key: ORDER[q.sortField],
      // Every filter is on the devices table, so the page is chosen there (the (name_sort_key,
      // id) index serves the order and the limit); the accounts are joined only to sort by
      // their name.
      sortJoin: q.sortField === 'AccountName' ? 'join accounts a on a.id = d.account_id' : '',
      order: (key: string, id: string) => `${key} ${direction} ${nulls}, ${id} ${direction}`,
    };
  }

  return {
    /**
     * One page of the list: the devices table alone (the accounts only when the page is sorted
     * by their name), with the columns the requested fields need. With free text PostgreSQL may
     * walk the whole name index filtering by the text (it assumes matches are spread evenly
     * through the order, and names like "Pilbara Site 31" are not): the service pages a text
     * with few matches through `matchIds` and `rowsByIds` instead.
     */
    async page(scope: AccountScope, q: ParsedDeviceQuery): Promise<DeviceListRow[]> {
      const { clause, params } = where(scope, q);
      const { key, sortJoin, order } = sortOf(q);
      // Literals, not parameters: with a parameter for the limit PostgreSQL never settles on a
      // cached plan (its generic plan assumes a tenth of the table).
      const text = `select ${rowColumns(q.fields)} from devices d ${sortJoin} where ${clause}
         order by ${order(key, 'd.id')} limit ${q.take} offset ${q.skip}`;
      const { rows } = await pool.query<DeviceListRow>(
        preparedStatements && isPreparedPage(scope, q)
          ? statement('devices_page', text, params)
          : { text, values: params },
      );
      return rows;
    },

    /**
     * How many devices the query matches and, when they are at most `limit`, their ids in the
     * list's order (the service keeps them for free text, so paging through a search reads one
     * page by id). The matches are collected first, through the trigram indexes, then sorted:
     * a walk of the sort order filtering by the text can read most of the table for a few
     * matches that sort together ("Pilbara Site 1" to "Pilbara Site 3095").
     */
    async matches(
      scope: AccountScope,
      q: ParsedDeviceQuery,
      limit: number,
    ): Promise<{ total: number; ids: string[] | null }> {
      const { clause, params } = where(scope, q);
      const { key, sortJoin, order } = sortOf(q);
      const { rows } = await pool.query<{ total: number; ids: string[] | null }>(
        `with matches as materialized (
           select d.id, ${key} as sort_key from devices d ${sortJoin} where ${clause}
         ), counted as (select count(*)::int as total from matches)
         select counted.total,
                case when counted.total <= ${limit} then array(
                  select m.id::text from matches m order by ${order('m.sort_key', 'm.id')}
                ) end as ids
           from counted`,
        params,
      );
      return rows[0] ?? { total: 0, ids: [] };
    },

    /**
     * The list rows of these devices in the given order, within the scope (a device deleted or
     * moved out of the scope since its id was read is left out).
     */
    async rowsByIds(
      scope: AccountScope,
      ids: readonly string[],
      fields: ParsedDeviceQuery['fields'],
    ): Promise<DeviceListRow[]> {
      if (ids.length === 0) return [];
      const tenancy = scope.all ? '' : 'and d.account_id = any($2::uuid[])';
      const text = `select ${rowColumns(fields)}
           from unnest($1::uuid[]) with ordinality as chosen(id, position)
           join devices d on d.id = chosen.id
          where d.deleted_at is null ${tenancy}
          order by chosen.position`;
      const values = scope.all ? [ids] : [ids, scope.accountIds];
      // One plan suits every list of ids (each found by its primary key, the scope checked on
      // the row), so it is prepared for every caller.
      const { rows } = await pool.query<DeviceListRow>(
        preparedStatements ? statement('devices_rows', text, values) : { text, values },
      );
      return rows;
    },

    /** The names of these accounts (the list's name directory). */
    async accountNames(ids: readonly string[]): Promise<NamedRow[]> {
      const { rows } = await pool.query<NamedRow>(
        'select id, name from accounts where id = any($1::uuid[])',
        [ids],
      );
      return rows;
    },

    /** The names of these products, by product code (the list's name directory). */
    async productNames(codes: readonly string[]): Promise<NamedRow[]> {
      const { rows } = await pool.query<NamedRow>(
        'select product_code as id, name from device_products where product_code = any($1::text[])',
        [codes],
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

    /**
     * How many devices match, by state, in one pass (spec of the list's summary: online when
     * either link is online, offline when neither is and one is known offline).
     */
    async summary(scope: AccountScope, q: ParsedDeviceQuery): Promise<DeviceSummaryRow> {
      const { clause, params } = where(scope, q);
      const { rows } = await pool.query<DeviceSummaryRow>(
        `select count(*)::int as total,
                count(*) filter (where d.satellite_online or d.cellular_online)::int as online,
                count(*) filter (
                  where d.satellite_online is false and d.cellular_online is not true
                     or d.cellular_online is false and d.satellite_online is not true
                )::int as offline
         from devices d where ${clause}`,
        params,
      );
      return rows[0] ?? { total: 0, online: 0, offline: 0 };
    },

    /**
     * The caller's devices by state (`GET /v2/devices/fleetSummary`) in one statement. The
     * states are those of `STATE_SQL`, written here as flags joined per device: the components,
     * the active subscriptions and the hub jobs of the scope's devices are each read once
     * (STATE_SQL's per-state subqueries would read them once per state, over every account).
     * The API tests hold each figure equal to the list's total with `State:{state}`.
     */
    async fleetSummary(scope: AccountScope): Promise<FleetSummary> {
      const params: unknown[] = [];
      const tenancy = scope.all ? '' : 'and d.account_id = any($1::uuid[])';
      if (!scope.all) params.push(scope.accountIds);
      const complete = NETWORK_FIELDS.map((f) => `coalesce(nc.${f}, '') <> ''`).join(' and ');
      const { rows } = await pool.query<FleetSummary>(
        `with scoped as materialized (
           select d.id, d.product_code, d.satellite_online, d.cellular_online,
                  d.satellite_last_updated, d.cellular_last_updated, d.sync_in_progress
             from devices d where d.deleted_at is null ${tenancy}
         ), comp as (
           select c.device_id,
                  bool_or(c.type = 'GeoModem' and c.serial <> '') as modem_serial,
                  bool_or(c.type = 'GeoModem' and c.model_shortcode is not null) as modem_model,
                  bool_or(c.type = 'Antenna' and c.model_shortcode is not null) as antenna_model,
                  bool_or(c.type = 'BUC' and c.model_shortcode is not null) as buc_model,
                  bool_or(c.type = 'GeoModem') as hub_device
             from device_components c join scoped d on d.id = c.device_id
            where c.type in ('GeoModem', 'Antenna', 'BUC')
            group by c.device_id
         ), sub as (
           select ds.device_id,
                  bool_or(array_to_string(s.network_identifiers, ' ') ~* 'evolution') as evolution
             from device_subscriptions ds join scoped d on d.id = ds.device_id
             join subscriptions s on s.id = ds.subscription_id
            where ds.active group by ds.device_id
         ), last_job as (
           select distinct on (j.device_id) j.device_id, j.status
             from jobs j join scoped d on d.id = j.device_id
            where j.kind in (${HUB_JOB_KINDS})
            order by j.device_id, j.created_on desc
         )
         select count(*)::int as total,
                count(*) filter (where ${ONLINE})::int as online,
                count(*) filter (where ${OFFLINE})::int as offline,
                count(*) filter (where ${STATE_SQL.OfflineOver24h})::int as "offlineOver24h",
                count(*) filter (where d.sync_in_progress)::int as "syncPending",
                count(*) filter (where comp.hub_device and (
                  sub.device_id is null or not comp.antenna_model or not comp.modem_serial
                  or not (comp.modem_model or p.geo_modem_model is not null)
                  or not (comp.buc_model or p.buc_model is not null)
                  or (sub.evolution and not coalesce(${complete}, false))))::int as "syncBlocked",
                count(*) filter (where lj.status in ('Error', 'PartialSuccess'))::int as "hubJobFailed"
           from scoped d
           left join comp on comp.device_id = d.id
           left join sub on sub.device_id = d.id
           left join device_products p on p.product_code = d.product_code
           left join device_network_configs nc on nc.device_id = d.id
           left join last_job lj on lj.device_id = d.id`,
        params,
      );
      return (
        rows[0] ?? {
          total: 0,
          online: 0,
          offline: 0,
          offlineOver24h: 0,
          syncPending: 0,
          syncBlocked: 0,
          hubJobFailed: 0,
        }
      );
    },

    /**
     * The fleet map's devices as the JSON text of `[id, lon, lat, online]` arrays joined by
     * commas (PostgreSQL writes it: no rows to parse, nothing to stringify on the server).
     */
    async mapPoints(scope: AccountScope): Promise<{ json: string; count: number }> {
      const params: unknown[] = [];
      const tenancy = scope.all ? '' : 'and d.account_id = any($1::uuid[])';
      if (!scope.all) params.push(scope.accountIds);
      const { rows } = await pool.query<{ json: string | null; count: number }>(
        `select string_agg('["' || d.id || '",' || ${coordinate('d.longitude')} || ',' ||
                  ${coordinate('d.latitude')} || ',' || case when ${ONLINE} then '1]' else '0]' end,
                  ',') as json,
                count(*)::int as count
         from devices d where d.deleted_at is null and ${ON_MAP} ${tenancy}`,
        params,
      );
      return { json: rows[0]?.json ?? '', count: rows[0]?.count ?? 0 };
    },

    /**
     * The given accounts and every account under them (the list's account filter includes
     * sub-accounts); ids of no account are left out.
     */
    async withSubAccounts(accountIds: readonly string[]): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        `with recursive tree as (
           select id from accounts where id = any($1::uuid[])
           union
           select c.id from accounts c join tree t on c.parent_id = t.id
         )
         select id from tree`,
        [accountIds],
      );
      return rows.map((r) => r.id);
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
        `select ${DEVICE_COLUMNS}
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
          `select s.id, s.description, s.data_limit_gb as "dataLimitInGb", s.start_date as "startDate",
                  s.end_date as "endDate", ds.start_date as "linkStartDate", ds.end_date as "linkEndDate",
                  ds.active, s.has_satellite as "hasSatellite", s.has_cellular as "hasCellular",
                  s.can_provision as "canProvision", s.can_activate as "canActivate",
                  s.network_identifiers as "networkIdentifiers"
           from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
           where ds.device_id = $1 order by ds.start_date desc`,
          [id],
        ),
        pool.query<NetworkConfigRow>(
          `select eth0_ip_address as "eth0IpAddress", eth0_subnet_mask as "eth0SubnetMask",
                  sat0_ip_address as "sat0IpAddress", sat0_subnet_mask as "sat0SubnetMask",
                  mgmt_ip_address as "mgmtIpAddress", mgmt_subnet_mask as "mgmtSubnetMask",
                  dhcp_gateway as "dhcpGateway",
                  dhcp_client_ip_range_start as "dhcpClientIpRangeStart",
                  dhcp_client_ip_range_end as "dhcpClientIpRangeEnd"
             from device_network_configs where device_id = $1`,
          [id],
        ),
        pool.query<SimRow>(
          `select eid, msisdn, cubic_lte_imsi as "cubicLteImsi", tele2_lte_imsi as "tele2LteImsi",
                  cubic_dk_imsi as "cubicDkImsi", cubic_fr_imsi as "cubicFrImsi", batch, profile,
                  form_factor as "formFactor", grade, sim_vendor as "simVendor",
                  checked_out_to as "checkedOutTo"
             from sim_configurations where device_id = $1`,
          [id],
        ),
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
    async dailyUsage(deviceId: string, year: number, month: number): Promise<DeviceDayUsageRow[]> {
      const first = `${year}-${String(month).padStart(2, '0')}-01`;
      const r = await pool.query<DeviceDayUsageRow>(
        `select extract(day from day)::int as day, satellite_bytes::float8 as "satelliteBytes",
                cellular_bytes::float8 as "cellularBytes" from device_daily_usage
         where device_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')
         order by day`,
        [deviceId, first],
      );
      return r.rows;
    },

    async componentsOf(deviceIds: readonly string[]): Promise<ComponentRow[]> {
      if (deviceIds.length === 0) return [];
      const r = await pool.query<ComponentRow>(
        `select device_id as "deviceId", type, model_shortcode as "modelShortcode",
                asset_id as "assetId", serial from device_components
         where device_id = any($1::uuid[]) order by device_id, type, serial`,
        [deviceIds],
      );
      return r.rows;
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
