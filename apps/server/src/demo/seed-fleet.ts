import { randomUUID } from 'node:crypto';
import {
  UNLIMITED_DATA_LIMIT_GB,
  USAGE_ALERT_BYTES_PER_GB,
  USAGE_ALERT_THRESHOLDS,
} from '@aerie/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { accounts, appState } from '../db/schema.js';
import * as fleet from '../db/fleet-schema.js';
import * as catalog from '../simulators/demo-fleet/catalog.js';
import {
  generateDevice,
  type DemoDevice,
  type DemoSubscription,
} from '../simulators/demo-fleet/generate-devices.js';
import { metricDay, metricsFor } from '../simulators/demo-fleet/metrics.js';
import { dailyUsage, lastDays } from '../simulators/demo-fleet/usage.js';
import { seedDemoZones } from './seed-zones.js';
import {
  seedAccountPermissions,
  seedNetworkTemplates,
  seedSubscriptionCatalog,
} from './seed-reference.js';

export interface FleetSeedOptions {
  seed: number;
  deviceCount: number;
  /** Customer accounts the devices are spread over (demo accounts first, then generated ones). */
  accountCount: number;
  now: Date;
  /** Days of daily usage per device (13 months by default). */
  usageDays: number;
  /** Devices with long metric history, and how long. */
  showcaseDevices: number;
  showcaseDays: number;
  /** Metric history of every other activated device. */
  metricDays: number;
  onProgress?: (message: string) => void;
}

export const defaultFleetSeed: Omit<FleetSeedOptions, 'now'> = {
  seed: 2026,
  deviceCount: 1500,
  accountCount: 25,
  usageDays: 395,
  showcaseDevices: 25,
  showcaseDays: 30,
  metricDays: 7,
};

/** Set once the whole demo fleet is written. */
const DEMO_FLEET_MARKER = 'demo_fleet';

const extraCustomers = [
  'Bering Sea Fisheries',
  'Andes Copper Mining',
  'Polar Research Institute',
  'TransEuropa Freight',
  'Coral Coast Ferries',
  'Red Desert Energy',
  'Kestrel Emergency Services',
  'Outback Rail Services',
  'Nordic Offshore Supply',
  'Atlas Construction Group',
  'Baltic Shipping Lines',
  'Sahara Solar Fields',
  'Cascade Forestry',
  'Harbor Pilots Cooperative',
  'Meridian Yacht Management',
  'Aurora Telecom Backhaul',
  'Frontier Border Logistics',
  'Summit Broadcast Services',
  'Gulf Coast Drilling',
  'Fjord Aquaculture',
];

/**
 * Inserts rows in chunks that stay under PostgreSQL's 65,535 parameters per statement.
 * Reference data may already be there (`ignoreConflicts`); fleet rows must all land.
 */
async function insertChunked<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  { ignoreConflicts = false } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(60_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    const insert = db.insert(table).values(rows.slice(i, i + size));
    await (ignoreConflicts ? insert.onConflictDoNothing() : insert);
  }
}

async function seedReference(db: Db): Promise<void> {
  await insertChunked(
    db,
    fleet.deviceTypes,
    catalog.deviceTypes.map((t) => ({ ...t })),
    { ignoreConflicts: true },
  );
  await insertChunked(db, fleet.componentModels, [...catalog.componentModels], {
    ignoreConflicts: true,
  });
  await insertChunked(
    db,
    fleet.deviceProducts,
    catalog.deviceProducts.map(({ weight: _w, ...p }) => p),
    { ignoreConflicts: true },
  );
  await insertChunked(
    db,
    fleet.featureTypes,
    catalog.featureTypes.map((f) => ({ ...f })),
    { ignoreConflicts: true },
  );
  await insertChunked(
    db,
    fleet.softwareVersions,
    catalog.softwareVersions.map((v) => ({ ...v })),
    { ignoreConflicts: true },
  );
  await insertChunked(
    db,
    fleet.hubNetworks,
    catalog.hubNetworks.map(({ centre: _c, ...n }) => n),
    { ignoreConflicts: true },
  );
  await insertChunked(
    db,
    fleet.metricProviders,
    catalog.metricProviders.map((p) => ({ ...p })),
    { ignoreConflicts: true },
  );
  await insertChunked(db, fleet.metricTypes, [...catalog.metricTypes], { ignoreConflicts: true });
}

/** The customer accounts devices go to, in a stable order: existing customers, then generated ones. */
async function customerAccounts(db: Db, wanted: number): Promise<string[]> {
  const existing = await db
    .select({ id: accounts.id, name: accounts.name, kind: accounts.kind })
    .from(accounts)
    .orderBy(asc(accounts.createdAt), asc(accounts.name));
  const provider = existing.find((a) => a.kind === 'provider');
  const partner = existing.find((a) => a.kind === 'partner');
  const ids = existing.filter((a) => a.kind === 'customer').map((a) => a.id);
  const names = new Set(existing.map((a) => a.name));
  for (const [i, name] of extraCustomers.entries()) {
    if (ids.length >= wanted) break;
    if (names.has(name)) continue;
    const parentId = (i % 3 === 0 ? partner?.id : provider?.id) ?? provider?.id ?? null;
    const [row] = await db
      .insert(accounts)
      .values({ name, kind: 'customer', parentId })
      .returning({ id: accounts.id });
    ids.push(row!.id);
  }
  return ids.slice(0, wanted);
}

function subscriptionRow(
  s: DemoSubscription,
  accountId: string,
): typeof fleet.subscriptions.$inferInsert {
  return {
    id: randomUUID(),
    accountId,
    subscriptionNumber: s.subscriptionNumber,
    description: s.description,
    productCode: s.productCode,
    startDate: s.startDate,
    endDate: s.endDate,
    dataLimitInGb: s.dataLimitInGb,
    salesforceObjectId: s.salesforceObjectId,
    salesforceAccountId: s.salesforceObjectId ? `001${s.salesforceObjectId.slice(3, 18)}` : null,
    networkIdentifiers: s.networkIdentifiers,
    nmsId: s.nmsId,
    hasSatellite: s.hasSatellite,
    hasCellular: s.hasCellular,
  };
}

async function insertDevices(
  db: Db,
  batch: DemoDevice[],
  accountIds: string[],
  now: Date,
): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  const deviceRows: (typeof fleet.devices.$inferInsert)[] = [];
  const componentRows: (typeof fleet.deviceComponents.$inferInsert)[] = [];
  const configRows: (typeof fleet.deviceNetworkConfigs.$inferInsert)[] = [];
  const simRows: (typeof fleet.simConfigurations.$inferInsert)[] = [];
  const beamRows: (typeof fleet.deviceBeams.$inferInsert)[] = [];
  const subscriptionRows: (typeof fleet.subscriptions.$inferInsert)[] = [];
  const historyRows: (typeof fleet.deviceSubscriptions.$inferInsert)[] = [];
  for (const d of batch) {
    const id = randomUUID();
    ids.set(d.index, id);
    const accountId = accountIds[d.accountIndex % accountIds.length]!;
    const seen = new Date(
      now.getTime() -
        (d.satelliteOnline ? 60_000 * (d.index % 15) : 86_400_000 * (1 + (d.index % 20))),
    );
    deviceRows.push({
      id,
      accountId,
      name: d.name,
      serial: d.serial,
      productCode: d.serial ? d.product.productCode : null,
      private: d.private,
      provisioned: d.provisioned,
      activated: d.activated,
      enableCellTraffic: d.enableCellTraffic,
      salesforceAssetId: d.salesforceAssetId,
      publicKey: d.publicKey,
      features: d.features,
      satelliteOnline: d.satelliteOnline,
      cellularOnline: d.cellularOnline,
      satelliteSignal: d.satelliteSignal,
      cellularSignal: d.cellularSignal,
      wifi: d.wifi,
      beam: d.beams.find((b) => b.isActuallyOn)?.network.displayName ?? null,
      satelliteLastUpdated: d.satelliteOnline === null ? null : seen,
      cellularLastUpdated: d.cellularOnline === null ? null : seen,
      // Raw factory devices have never reported a position; a few report the null island.
      latitude: d.serial ? (d.index % 397 === 5 ? 0 : d.site.latitude) : null,
      longitude: d.serial ? (d.index % 397 === 5 ? 0 : d.site.longitude) : null,
      satelliteLocationUpdatedOn: d.serial ? seen : null,
      cellularLocationUpdatedOn: d.cellularOnline ? seen : null,
      softwareCurrentVersion: d.software.currentVersion,
      softwareTargetVersion: d.software.targetVersion,
      softwareLocked: d.software.locked,
      softwareLastUpdatedOn: d.software.currentVersion
        ? new Date(now.getTime() - 86_400_000 * (10 + (d.index % 200)))
        : null,
      softwareLastCheckin: d.software.currentVersion ? seen : null,
      hybridProvisioned: d.provisioned && d.hasSim,
      hybridActivated: d.activated && d.hasSim,
      cellularActivated: d.enableCellTraffic,
    });
    for (const c of d.components) {
      componentRows.push({
        deviceId: id,
        type: c.type,
        modelShortcode: c.model,
        assetId: c.assetId,
        serial: c.serial,
      });
    }
    if (d.networkConfig) configRows.push({ deviceId: id, ...d.networkConfig });
    if (d.hasSim) {
      const iccid = d.components.find((c) => c.type === 'HybridIccid')?.serial ?? null;
      simRows.push({
        deviceId: id,
        eid: iccid ? `8904${iccid.slice(4)}${'0'.repeat(12)}`.slice(0, 32) : null,
        msisdn: `+4474${String(d.index).padStart(8, '0')}`,
        cubicLteImsi: `23420${String(d.index).padStart(10, '0')}`,
        tele2LteImsi: `24007${String(d.index).padStart(10, '0')}`,
        batch: `B-${2022 + (d.index % 4)}-${1 + (d.index % 12)}`,
        profile: d.site.kind === 'maritime' ? 'Global maritime' : 'Global land',
        formFactor: 'MFF2',
        grade: 'Industrial',
        simVendor: 'Cubic Telecom',
      });
    }
    for (const b of d.beams) {
      beamRows.push({
        deviceId: id,
        networkId: b.network.networkId,
        isRequired: b.isRequired,
        isActuallyOn: b.isActuallyOn,
        provisionedOn: b.isActuallyOn ? seen : null,
        activatedOn: b.isActuallyOn && d.activated ? seen : null,
      });
    }
    for (const [s, active] of [
      ...(d.subscription ? [[d.subscription, true] as const] : []),
      ...d.pastSubscriptions.map((p) => [p, false] as const),
    ]) {
      const row = subscriptionRow(s, accountId);
      subscriptionRows.push(row);
      historyRows.push({
        deviceId: id,
        subscriptionId: row.id!,
        startDate: s.startDate,
        endDate: active ? null : s.endDate,
        active,
      });
    }
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertChunked(t, fleet.devices, deviceRows);
    await insertChunked(t, fleet.deviceComponents, componentRows);
    await insertChunked(t, fleet.deviceNetworkConfigs, configRows);
    await insertChunked(t, fleet.simConfigurations, simRows);
    await insertChunked(t, fleet.deviceBeams, beamRows);
    await insertChunked(t, fleet.subscriptions, subscriptionRows);
    await insertChunked(t, fleet.deviceSubscriptions, historyRows);
  });
  return ids;
}

async function insertUsage(
  db: Db,
  seed: number,
  batch: DemoDevice[],
  ids: Map<number, string>,
  days: Date[],
): Promise<void> {
  const rows: (typeof fleet.deviceDailyUsage.$inferInsert)[] = [];
  for (const d of batch) {
    for (const day of days) {
      const u = dailyUsage(seed, d, day);
      if (u.satelliteBytes === 0 && u.cellularBytes === 0) continue;
      rows.push({
        deviceId: ids.get(d.index)!,
        day: day.toISOString().slice(0, 10),
        satelliteBytes: u.satelliteBytes,
        cellularBytes: u.cellularBytes,
      });
    }
  }
  await insertChunked(db, fleet.deviceDailyUsage, rows);
}

async function insertMetrics(
  db: Db,
  seed: number,
  batch: DemoDevice[],
  ids: Map<number, string>,
  daysFor: (d: DemoDevice) => Date[],
  now: Date,
): Promise<void> {
  const rows: (typeof fleet.metricSeries.$inferInsert)[] = [];
  for (const d of batch) {
    if (!d.activated) continue;
    for (const day of daysFor(d)) {
      for (const { provider, metric } of metricsFor(d)) {
        const m = metricDay(seed, d, provider, metric, day);
        // Today's history ends now: later samples arrive from the fleet simulator.
        const until = (now.getTime() - day.getTime()) / 1000;
        const kept = m.seconds.findIndex((s) => s > until);
        if (kept >= 0) {
          m.seconds.length = kept;
          m.values.length = kept;
        }
        if (m.seconds.length === 0) continue;
        rows.push({
          deviceId: ids.get(d.index)!,
          providerShortcode: provider,
          metricShortcode: metric,
          day: day.toISOString().slice(0, 10),
          seconds: m.seconds,
          values: m.values,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await insertChunked(db, fleet.metricSeries, rows.slice(i, i + 200));
}

/** SIMULATOR: how each generated terminal moves, for the fleet simulator. */
async function insertSimulatedTerminals(
  db: Db,
  batch: DemoDevice[],
  ids: Map<number, string>,
  live: Set<number>,
): Promise<void> {
  await insertChunked(
    db,
    fleet.fleetSimulatorTerminals,
    batch
      .filter((d) => d.serial)
      .map((d) => ({
        deviceId: ids.get(d.index)!,
        kind: d.site.kind,
        headingDeg: d.site.heading ?? 0,
        speedKmh: d.site.speedKmh,
        liveMetrics: live.has(d.index),
        uptimeSeconds: (d.index * 7919) % (30 * 86_400),
      })),
  );
}

/**
 * Writes the demo fleet: reference data, accounts, devices with everything
 * around them, 13 months of usage and metric history. Skips when devices
 * already exist. Devices are generated and written in batches, so memory
 * stays flat whatever the fleet size.
 */
export async function seedDemoFleet(
  db: Db,
  o: FleetSeedOptions,
): Promise<{ devices: number; skipped: boolean; incomplete: boolean }> {
  await seedSubscriptionCatalog(db);
  await seedNetworkTemplates(db);
  const [existing] = await db.select({ n: count() }).from(fleet.devices);
  const [marker] = await db.select().from(appState).where(eq(appState.key, DEMO_FLEET_MARKER));
  // Devices without the marker: an earlier generation was interrupted, or the fleet is not ours.
  if ((existing?.n ?? 0) > 0) return { devices: existing!.n, skipped: true, incomplete: !marker };
  await seedReference(db);
  const accountIds = await customerAccounts(db, o.accountCount);
  await seedAccountPermissions(db, extraCustomers);
  const usageDays = lastDays(o.now, o.usageDays);
  const showcase = lastDays(o.now, o.showcaseDays);
  const recent = lastDays(o.now, o.metricDays);
  const options = { seed: o.seed, accountCount: accountIds.length, now: o.now };
  let showcased = 0;
  const BATCH = 250;
  for (let start = 0; start < o.deviceCount; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, o.deviceCount - start) }, (_, i) =>
      generateDevice(start + i, options),
    );
    const ids = await insertDevices(db, batch, accountIds, o.now);
    if (o.usageDays > 0) await insertUsage(db, o.seed, batch, ids, usageDays);
    const live = new Set<number>();
    if (o.metricDays > 0 || o.showcaseDevices > 0) {
      await insertMetrics(
        db,
        o.seed,
        batch,
        ids,
        (d) => {
          if (showcased < o.showcaseDevices && d.activated && d.satelliteOnline) {
            showcased++;
            live.add(d.index);
            return showcase;
          }
          return recent;
        },
        o.now,
      );
    }
    await insertSimulatedTerminals(db, batch, ids, live);
    o.onProgress?.(
      `demo fleet: ${Math.min(start + BATCH, o.deviceCount)} of ${o.deviceCount} devices`,
    );
  }
  await db.execute(sql`
    insert into subscription_monthly_usage (subscription_id, year, month, satellite_bytes, cellular_bytes)
    select ds.subscription_id, extract(year from u.day)::smallint, extract(month from u.day)::smallint,
           sum(u.satellite_bytes), sum(u.cellular_bytes)
    from device_daily_usage u
    join device_subscriptions ds on ds.device_id = u.device_id
      and u.day >= ds.start_date::date and (ds.end_date is null or u.day < ds.end_date::date)
    group by 1, 2, 3
    on conflict do nothing`);
  // The usage alerts the generated usage has reached are history, not news: recorded as notified
  // for this month and the one before, as ingestion would have recorded them (the rule of the
  // contract's reachedUsageThresholds; docs/decisions/038-usage-alerts.md).
  await db.execute(sql`
    insert into subscription_usage_alerts (subscription_id, year, month, threshold, data_limit_gb, notified_at)
    select u.subscription_id, u.year, u.month, t.threshold, s.data_limit_gb, now()
    from subscription_monthly_usage u
    join subscriptions s on s.id = u.subscription_id
    cross join unnest(array[${sql.raw(USAGE_ALERT_THRESHOLDS.join(', '))}]) as t(threshold)
    where s.data_limit_gb > 0 and s.data_limit_gb <> ${UNLIMITED_DATA_LIMIT_GB}
      and (u.satellite_bytes::numeric + u.cellular_bytes) * 100
          >= s.data_limit_gb::numeric * ${USAGE_ALERT_BYTES_PER_GB} * t.threshold
      and make_date(u.year, u.month, 1)
          >= date_trunc('month', ${o.now.toISOString()}::timestamptz at time zone 'UTC') - interval '1 month'
    on conflict do nothing`);
  await db.execute(sql`
    update devices d set total_satellite_usage = t.sat, total_cellular_usage = t.cell
    from (select device_id, sum(satellite_bytes) as sat, sum(cellular_bytes) as cell from device_daily_usage group by device_id) t
    where t.device_id = d.id`);
  // Fresh statistics and visibility map after a bulk load: the planner picks the indexes and
  // counts can be answered from them. (PGlite never autovacuums.)
  await db.execute(sql`vacuum (analyze)`);
  await db
    .insert(appState)
    .values({
      key: DEMO_FLEET_MARKER,
      value: { seed: o.seed, devices: o.deviceCount, at: o.now.toISOString() },
    })
    .onConflictDoNothing();
  await seedDemoZones(db);
  return { devices: o.deviceCount, skipped: false, incomplete: false };
}
