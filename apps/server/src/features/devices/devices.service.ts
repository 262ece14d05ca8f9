import {
  api,
  type Component,
  type Device,
  type DeviceList,
  type DeviceListQuery,
  type DeviceSummary,
  type DeviceSummaryQuery,
  type DeviceUsage,
  type FleetClusters,
  type FleetSummary,
} from '@aerie/contract';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Authorize } from '../../plugins/authorization.js';
import { jsonText, type JsonText } from '../../plugins/serialization.js';
import type { Principal } from '../../plugins/auth.js';
import { parseDeviceQuery, type ParsedDeviceQuery } from './device-query.js';
import { scopeKey, type AccountScope } from '../../plugins/tenancy.js';
import { sharedCounts, sharedRefreshed, type CacheRegistry } from '../../plugins/cache.js';
import {
  deviceForRole,
  presentComponent,
  presentDevice,
  presentDeviceListItem,
  type ListNames,
} from './devices.presenter.js';
import type { DeviceListRow, DevicesRepository } from './devices.repository.js';
import { nameDirectory, type NameLookup } from './name-directory.js';
import { createFleetClusterer, type FleetView } from './fleet-clusters.js';

/** How long a list total is reused: new and changed devices show in the total within this. */
const TOTAL_TTL_MS = 10_000;
/**
 * Free text matching at most this many devices keeps its matches' ids in the list's order for
 * as long as a total (found through the trigram indexes, then sorted: ~8 ms for 3,000 of
 * 100,000 devices); a page is then read by id. More matches walk the sort order, which finds a
 * page of them quickly.
 */
export const TEXT_MATCHES_FIRST_MAX = 5_000;
/** A uuid's length in the kept matches (their ids written one after another). */
const ID_LENGTH = 36;
/**
 * How long an account's or a product's name is reused by the list (decision 019 amendment,
 * session 17); the cache clear of its kind drops it at once on every instance.
 */
const NAME_TTL_MS = 60_000;
const NOT_FOUND = 'Device not found.';
/**
 * How long the map is reused per scope (decision 029): the home page of everyone in one scope
 * shares one map, a few seconds old at most.
 */
export const FLEET_TTL_MS = 10_000;
/**
 * The fleet summary is reused for a minute per scope, like the access stats tiles beside it
 * (decision 010): counting every state of 100,000 devices costs PostgreSQL ~2.4 s.
 */
export const FLEET_SUMMARY_TTL_MS = 60_000;

/** The fleet map's answer, written once per scope: its JSON text and that text gzipped. */
export interface FleetMapAnswer {
  json: string;
  gzipped: Buffer;
  count: number;
}

const gzipAsync = promisify(gzip);

export function createDevicesService(
  repo: DevicesRepository,
  authorize: Authorize,
  caches: CacheRegistry,
) {
  // Counting every matching device is the expensive half of a page: totals are shared for a
  // few seconds per (scope, filters, text), and concurrent requests for one total wait for
  // the same count.
  const totals = sharedCounts(caches, 'device', 'device list totals', {
    ttlMs: TOTAL_TTL_MS,
    maxEntries: 5_000,
  });
  const total = (scope: AccountScope, q: ParsedDeviceQuery) =>
    totals(totalKey(scope, q), () => repo.count(scope, q));
  // The list's summary is shared the same way, under the same key.
  // Free text's matches (ids in the list's order, one string), kept like its total; null when
  // there are too many to keep. At most ~180 KB an entry.
  const textMatches = sharedCounts<{ total: number; ids: string | null }>(
    caches,
    'device',
    'device list text matches',
    { ttlMs: TOTAL_TTL_MS, maxEntries: 100 },
  );
  // The names a page shows beside its accounts' and products' ids (not joined per page).
  const accountNames = nameDirectory(
    caches,
    'account',
    'device list account names',
    NAME_TTL_MS,
    (ids) => repo.accountNames(ids),
  );
  const productNames = nameDirectory(
    caches,
    'device',
    'device list product names',
    NAME_TTL_MS,
    (codes) => repo.productNames(codes),
  );
  const noNames: NameLookup = new Map();
  async function listNames(
    rows: DeviceListRow[],
    fields: ParsedDeviceQuery['fields'],
  ): Promise<ListNames> {
    const [accounts, products] = await Promise.all([
      fields.has('AccountName') ? accountNames(rows.map((r) => r.accountId)) : noNames,
      fields.has('ProductName') ? productNames(rows.map((r) => r.productCode)) : noNames,
    ]);
    return { accounts, products };
  }
  const summaries = sharedCounts<DeviceSummary>(caches, 'device', 'device list summaries', {
    ttlMs: TOTAL_TTL_MS,
    maxEntries: 5_000,
  });

  // Stale-while-revalidate: within 10 minutes a summary past its minute is answered while it is
  // counted again, so only the first home page of a scope (or after a cache clear) waits.
  const fleetSummaries = sharedRefreshed<FleetSummary>(caches, 'device', 'fleet summaries', {
    freshMs: FLEET_SUMMARY_TTL_MS,
    ttlMs: 10 * 60_000,
    maxEntries: 2_000,
  });
  // A map of 100,000 devices is ~3.8 MB of JSON (~1.4 MB gzipped): few scopes are kept.
  const maps = sharedCounts<FleetMapAnswer>(caches, 'device', 'fleet maps', {
    ttlMs: FLEET_TTL_MS,
    maxEntries: 50,
  });

  // The map's devices clustered per scope and filter (decision 029 amendment), on a worker
  // thread: building the index of 100,000 devices takes about a second, a view of it then about
  // a millisecond. The cache keeps the name of the scope's newest index; one past its 10 s is
  // answered while it is built again (within 2 minutes).
  const clusterer = createFleetClusterer();
  let builds = 0;
  const fleetIndexes = sharedRefreshed<string>(caches, 'device', 'fleet map clusters', {
    freshMs: FLEET_TTL_MS,
    ttlMs: 2 * 60_000,
    maxEntries: 20,
  });
  const buildIndex = async (scope: AccountScope, onlineOnly: boolean): Promise<string> => {
    const { json } = await repo.mapPoints(scope);
    const key = `${scopeKey(scope)}|${onlineOnly}#${++builds}`;
    await clusterer.build(key, json, onlineOnly);
    return key;
  };

  /**
   * The list's query with its account filter widened to the chosen accounts' sub-accounts
   * (issue 13: a parent account shows its children's devices). The caller's scope still limits
   * the rows. Ids of no account stay as they are, and match nothing.
   */
  async function withSubAccounts(q: ParsedDeviceQuery): Promise<ParsedDeviceQuery> {
    if (q.filters.accountIds.length === 0) return q;
    const tree = await repo.withSubAccounts(q.filters.accountIds);
    return tree.length === 0 ? q : { ...q, filters: { ...q.filters, accountIds: tree } };
  }

  /**
   * A page with free text: its matches (kept for as long as a total) give the total and, when
   * few, the page's ids in order; too many, and the page walks the sort order.
   */
  async function textPage(scope: AccountScope, q: ParsedDeviceQuery) {
    const key = `${totalKey(scope, q)}|${q.sortField}|${q.sortDirection}`;
    const matches = await textMatches(key, async () => {
      const found = await repo.matches(scope, q, TEXT_MATCHES_FIRST_MAX);
      return { total: found.total, ids: found.ids?.join('') ?? null };
    });
    if (matches.ids === null) return [await repo.page(scope, q), matches.total] as const;
    const end = Math.min(matches.total, q.skip + q.take);
    const ids: string[] = [];
    for (let i = q.skip; i < end; i++) {
      ids.push(matches.ids.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH));
    }
    return [await repo.rowsByIds(scope, ids, q.fields), matches.total] as const;
  }

  return {
    /** `GET /v2/devices/{id}`: 404 for a device outside the caller's accounts as for a missing one. */
    async get(principal: Principal, id: string): Promise<Device> {
      const grant = await authorize(principal, api.devices.get.access);
      const device = presentDevice(grant.found(await repo.findById(grant.scope, id), NOT_FOUND));
      return deviceForRole(device, principal.role);
    },

    /**
     * `PUT /v2/devices/{id}`: renames a device (spec 001 §6 "Edit Name"); the name arrives
     * trimmed and checked by the contract. 404 outside the caller's accounts, then 403 for a
     * role that may not rename. Clears the device caches (the list's totals and text matches).
     */
    async rename(principal: Principal, id: string, name: string): Promise<Device> {
      const grant = await authorize(principal, api.devices.rename.access);
      grant.found(await repo.findById(grant.scope, id), NOT_FOUND);
      // Gone between the two statements: still 404.
      const renamed = await repo.rename(grant.scope, id, name);
      // A name moves the device in the list's order and in or out of its text matches and the
      // top bar's answers: what they keep is read again, on every instance.
      if (renamed) await Promise.all([caches.clear('device'), caches.clear('search')]);
      const rows = renamed ? await repo.findById(grant.scope, id) : null;
      return deviceForRole(presentDevice(grant.found(rows, NOT_FOUND)), principal.role);
    },

    /** `GET /v2/devices/{id}/usage`: every day of the calendar month, zero where nothing was used. */
    async usage(
      principal: Principal,
      id: string,
      year: number,
      month: number,
    ): Promise<DeviceUsage> {
      const grant = await authorize(principal, api.devices.usage.access);
      grant.found(await repo.findById(grant.scope, id), NOT_FOUND);
      const rows = new Map((await repo.dailyUsage(id, year, month)).map((r) => [r.day, r]));
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const satelliteDailyUsage = [];
      const cellularDailyUsage = [];
      for (let day = 1; day <= days; day++) {
        const row = rows.get(day);
        satelliteDailyUsage.push({ day, usageValue: row ? row.satelliteBytes : 0 });
        cellularDailyUsage.push({ day, usageValue: row ? row.cellularBytes : 0 });
      }
      const sum = (list: { usageValue: number }[]) => list.reduce((n, d) => n + d.usageValue, 0);
      return {
        satelliteMonthlyUsage: sum(satelliteDailyUsage),
        cellularMonthlyUsage: sum(cellularDailyUsage),
        satelliteDailyUsage,
        cellularDailyUsage,
      };
    },

    /** `GET /v2/devices/summary`: online, offline and total for the list's text and filters. */
    async summary(principal: Principal, query: DeviceSummaryQuery): Promise<DeviceSummary> {
      const { scope } = await authorize(principal, api.devices.summary.access);
      const q = await withSubAccounts(parseDeviceQuery({ ...query, skip: 0, take: 1 }));
      return summaries(totalKey(scope, q), () => repo.summary(scope, q));
    },

    /** `GET /v2/devices/fleetSummary`: the caller's devices by state, shared per scope. */
    async fleetSummary(principal: Principal): Promise<FleetSummary> {
      const { scope } = await authorize(principal, api.fleet.summary.access);
      return fleetSummaries(scopeKey(scope), () => repo.fleetSummary(scope));
    },

    /**
     * `GET /v2/devices/map`: the map's devices of the caller's accounts, as JSON text and gzipped
     * (level 6: written once per scope and TTL, sent to everyone in it).
     */
    async map(principal: Principal): Promise<FleetMapAnswer> {
      const { scope } = await authorize(principal, api.fleet.map.access);
      return maps(scopeKey(scope), async () => {
        const { json: points, count } = await repo.mapPoints(scope);
        const json = `{"points":[${points}]}`;
        return { json, gzipped: await gzipAsync(json, { level: 6 }), count };
      });
    },

    /** `GET /v2/devices/map/clusters`: the map's devices in a view, clustered per scope. */
    async mapClusters(
      principal: Principal,
      view: FleetView & { onlineOnly?: boolean | undefined },
    ): Promise<FleetClusters> {
      const { scope } = await authorize(principal, api.fleet.clusters.access);
      const onlineOnly = view.onlineOnly === true;
      const build = () => buildIndex(scope, onlineOnly);
      const key = await fleetIndexes(`${scopeKey(scope)}|${onlineOnly}`, build);
      // An index the worker no longer keeps (many scopes at once) is built again for this call.
      return (await clusterer.view(key, view)) ?? (await clusterer.view(await build(), view))!;
    },

    /** Stops the clustering worker (the app's close). */
    close: () => clusterer.close(),

    /**
     * `GET /v2/devices`: one page of the caller's devices with the requested fields, as the
     * JSON text of the contract's `DeviceList` (its items written by PostgreSQL and the
     * presenter: no row parsed into an object and stringified again, decision 019).
     */
    async list(principal: Principal, query: DeviceListQuery): Promise<JsonText<DeviceList>> {
      const { scope } = await authorize(principal, api.devices.list.access);
      const q = await withSubAccounts(parseDeviceQuery(query));
      const [rows, count] = q.text
        ? await textPage(scope, q)
        : await Promise.all([repo.page(scope, q), total(scope, q)]);
      const byDevice = new Map<string, Component[]>();
      const [components, names] = await Promise.all([
        q.fields.has('Components') ? repo.componentsOf(rows.map((r) => r.id)) : [],
        listNames(rows, q.fields),
      ]);
      for (const row of components) {
        const component = presentComponent(row);
        if (!component) continue;
        const list = byDevice.get(row.deviceId) ?? [];
        list.push(component);
        byDevice.set(row.deviceId, list);
      }
      const items = rows.map((row) =>
        presentDeviceListItem(row, q.fields, byDevice.get(row.id) ?? [], names),
      );
      return jsonText(`{"items":[${items.join(',')}],"total":${count}}`);
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;

/** The cache key of a total: who sees what, and what is asked. */
export function totalKey(scope: AccountScope, q: ParsedDeviceQuery): string {
  const f = q.filters;
  return [
    scopeKey(scope),
    f.satelliteOnline,
    f.cellularOnline,
    f.state ?? '',
    [...f.accountIds].sort().join(','),
    q.text?.toLowerCase() ?? '',
  ].join('|');
}
