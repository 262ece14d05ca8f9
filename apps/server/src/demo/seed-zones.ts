import { sql } from 'drizzle-orm';
import type { ZonePoint } from '@aerie/contract';
import type { Db } from '../db/database.js';

interface DemoZone {
  /** Name of the demo account the zone belongs to; skipped when that account does not exist. */
  account: string;
  name: string;
  coordinates: readonly ZonePoint[];
}

/** A regular polygon of `sides` points around a centre, `radiusKm` from it (an anchorage, a yard). */
function around(lat: number, lon: number, radiusKm: number, sides = 8): ZonePoint[] {
  const dLat = radiusKm / 111.32;
  const dLon = radiusKm / (111.32 * Math.cos((lat * Math.PI) / 180));
  return Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides;
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    return [round(lat + dLat * Math.sin(a)), round(lon + dLon * Math.cos(a))] as ZonePoint;
  });
}

/**
 * Ports, depots and exclusion areas along the demo fleet's lanes and corridors
 * (simulators/demo-fleet/sites.ts), for the demo accounts whose devices travel them.
 */
export const demoZones: readonly DemoZone[] = [
  {
    account: 'Northwind Maritime',
    name: 'Port of Rotterdam – Maasvlakte',
    coordinates: [
      [51.985, 3.98],
      [51.99, 4.07],
      [51.94, 4.1],
      [51.93, 4.0],
    ],
  },
  {
    account: 'Northwind Maritime',
    name: 'Gulf of Aden – High Risk Area (no loitering)',
    coordinates: [
      [15.0, 42.8],
      [15.0, 52.0],
      [11.0, 52.0],
      [10.5, 45.0],
      [12.4, 43.3],
    ],
  },
  {
    account: 'Northwind Maritime',
    name: 'Singapore Eastern Anchorage',
    coordinates: around(1.265, 103.88, 4),
  },
  {
    account: 'Northwind Maritime – Atlantic Fleet',
    name: 'Port of New York and New Jersey',
    coordinates: [
      [40.7, -74.16],
      [40.7, -74.0],
      [40.6, -74.03],
      [40.62, -74.18],
    ],
  },
  {
    account: 'Northwind Maritime – Atlantic Fleet',
    name: 'Strait of Gibraltar – Traffic Separation Scheme',
    coordinates: [
      [36.02, -5.75],
      [36.0, -5.3],
      [35.9, -5.3],
      [35.92, -5.75],
    ],
  },
  {
    account: 'Northwind Maritime – Pacific Fleet',
    name: 'Port of Hong Kong – Kwai Tsing',
    coordinates: around(22.34, 114.12, 2.5, 6),
  },
  {
    account: 'Northwind Maritime – Pacific Fleet',
    name: 'San Pedro Bay – Los Angeles / Long Beach',
    coordinates: [
      [33.78, -118.29],
      [33.78, -118.15],
      [33.7, -118.15],
      [33.7, -118.29],
    ],
  },
  {
    account: 'Terra Logistics',
    name: 'Oakland Depot',
    coordinates: around(37.8, -122.29, 1.2, 6),
  },
  {
    account: 'Terra Logistics',
    name: 'Salt Lake City Cross-Dock',
    coordinates: around(40.76, -111.95, 1.5, 6),
  },
  {
    account: 'Terra Logistics',
    name: 'Phoenix Depot',
    coordinates: around(33.43, -112.07, 1.2, 6),
  },
  {
    account: 'Terra Logistics',
    name: 'Nevada Test and Training Range – no entry',
    coordinates: [
      [37.9, -116.9],
      [37.9, -115.3],
      [36.6, -115.3],
      [36.6, -116.2],
      [37.2, -116.9],
    ],
  },
  {
    account: 'Terra Logistics – Rail',
    name: 'Duisburg Intermodal Terminal',
    coordinates: around(51.45, 6.75, 2, 8),
  },
  {
    account: 'Terra Logistics – Rail',
    name: 'Basel Rail Yard',
    coordinates: around(47.56, 7.6, 1.5, 6),
  },
  {
    account: 'Terra Logistics – Rail',
    name: 'Hamburg Port Rail Yard',
    coordinates: around(53.53, 9.97, 2, 8),
  },
];

/**
 * Writes the demo zones of the demo accounts that exist. Idempotent: a zone whose account
 * already has one of that name (whatever its case) is left alone.
 */
export async function seedDemoZones(db: Db): Promise<void> {
  for (const zone of demoZones) {
    await db.execute(sql`
      insert into zones (account_id, name, coordinates)
      select a.id, ${zone.name}, ${JSON.stringify(zone.coordinates)}::jsonb
      from accounts a
      where a.name = ${zone.account}
        and not exists (select 1 from zones z where z.account_id = a.id and lower(z.name) = lower(${zone.name}))`);
  }
}
