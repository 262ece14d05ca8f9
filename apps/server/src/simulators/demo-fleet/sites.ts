import { landMask } from './land.js';
import type { Random } from './random.js';

export type SiteKind = 'maritime' | 'landMobile' | 'fixed';

type Point = readonly [lat: number, lon: number];

/** Shipping lanes as waypoints; vessels sit somewhere along one, slightly off the line. */
const shippingLanes: Record<string, readonly Point[]> = {
  'North Atlantic': [
    [40.5, -73.8],
    [41.5, -60],
    [46, -35],
    [49.5, -10],
    [51.9, 3.9],
  ],
  Mediterranean: [
    [36.0, -5.6],
    [37.2, 3],
    [37.5, 11.5],
    [34.5, 22],
    [31.3, 32.3],
  ],
  'Indian Ocean': [
    [12.5, 44],
    [10, 60],
    [6.6, 79.6],
    [5.8, 94.5],
    [4.0, 99.6],
    [2.5, 101.3],
    [1.2, 103.9],
  ],
  'Trans-Pacific': [
    [1.3, 103.8],
    [10, 113],
    [22.3, 114.2],
    [30, 140],
    [38, 180 - 20],
    [33.7, -118.3],
  ],
  'North Sea': [
    [53.5, 2.5],
    [56.5, 2.0],
    [58.5, 1.5],
    [61.0, 1.8],
  ],
  'Gulf of Mexico': [
    [29.5, -94.5],
    [27.5, -92],
    [26.5, -89],
    [28.5, -88.5],
  ],
};

/** Road and rail corridors for land-mobile terminals. */
const corridors: Record<string, readonly Point[]> = {
  'I-80': [
    [38.1, -122.1],
    [39.5, -119.8],
    [40.73, -114.04],
    [40.62, -112.6],
    [40.76, -111.9],
    [41.3, -105.6],
    [41.3, -96],
    [41.6, -87.6],
  ],
  'I-10': [
    [34.06, -117.75],
    [33.45, -112.07],
    [32.22, -110.97],
    [31.76, -106.49],
    [29.42, -98.49],
    [29.76, -95.37],
  ],
  // NOTE: the northern route (Highway 11), clear of Lake Superior, which the basemap does not
  // draw (its land is Natural Earth's countries, lakes included).
  'Trans-Canada': [
    [49.17, -121.95],
    [51.05, -114.07],
    [50.45, -104.61],
    [49.9, -97.14],
    [49.77, -94.49],
    [48.9, -89.6],
    [49.72, -86.95],
    [49.69, -83.67],
    [49.06, -81.02],
    [46.31, -79.46],
    [45.5, -73.57],
  ],
  'Rhine corridor': [
    [45.76, 4.83],
    [47.55, 7.59],
    [49.0, 8.4],
    [50.94, 6.96],
    [53.55, 9.99],
  ],
  'Eyre Highway': [
    [-31.9, 116.1],
    [-31.3, 121.5],
    [-31.55, 128.5],
    [-31.45, 130.9],
    [-32.1, 133.7],
    [-32.5, 137.7],
    [-34.6, 138.7],
  ],
  // NOTE: round the south of Lake Baikal and through Chita, as the railway runs.
  'Trans-Siberian': [
    [55.75, 37.62],
    [56.84, 60.6],
    [55.03, 82.92],
    [52.29, 104.3],
    [51.6, 103.65],
    [51.35, 104.6],
    [51.45, 106.2],
    [51.83, 107.58],
    [52.03, 113.5],
    [53.99, 123.9],
    [50.92, 128.47],
    [48.48, 135.07],
  ],
};

/** Remote fixed sites: mines, oil fields, research stations, farms. */
const fixedSites: readonly { name: string; at: Point; spread: number }[] = [
  { name: 'North Slope', at: [70.2, -148.5], spread: 0.6 },
  { name: 'Pilbara', at: [-22.3, 118.7], spread: 1.2 },
  { name: 'Atacama', at: [-24.2, -69.1], spread: 0.8 },
  { name: 'Athabasca', at: [57.0, -111.5], spread: 0.7 },
  { name: 'Rift Valley', at: [1.0, 35.6], spread: 0.6 },
  { name: 'Svalbard', at: [78.15, 16.9], spread: 0.3 },
  { name: 'Permian Basin', at: [31.9, -102.1], spread: 1.0 },
  // Away from Loch Ness and the sea lochs (the basemap draws no lakes).
  { name: 'Highlands', at: [57.1, -3.8], spread: 0.5 },
];

export interface Site {
  kind: SiteKind;
  /** The lane, corridor or site name, used in device names. */
  region: string;
  latitude: number;
  longitude: number;
  /** Heading in degrees for moving terminals. */
  heading: number | null;
  /** Typical speed in km/h (0 for fixed sites). */
  speedKmh: number;
}

function normaliseLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

function alongPath(path: readonly Point[], t: number): { at: Point; heading: number } {
  const segments = path.length - 1;
  const position = Math.min(t, 0.999999) * segments;
  const i = Math.floor(position);
  const f = position - i;
  const [aLat, aLon] = path[i]!;
  const [bLat, rawBLon] = path[i + 1]!;
  // The short way across the antimeridian (the Trans-Pacific lane), not round the world.
  const bLon =
    rawBLon - aLon > 180 ? rawBLon - 360 : rawBLon - aLon < -180 ? rawBLon + 360 : rawBLon;
  const heading = (Math.atan2(bLon - aLon, bLat - aLat) * 180) / Math.PI;
  return {
    at: [aLat + (bLat - aLat) * f, aLon + (bLon - aLon) * f],
    heading: (heading + 360) % 360,
  };
}

/**
 * How far from the basemap's coastline a site keeps: vessels at sea and land sites on land by
 * at least this much, so the pin shows on the right side of the coast at the map's zoom 8
 * (about 16 px) and the coarse 1:50m coastline cannot put it on the wrong side in reality.
 */
export const COAST_MARGIN_KM = 5;
/** Draws of a site's position before it falls back to a known good one. */
const SITE_ATTEMPTS = 200;

/** Whether a position suits a terminal of this kind: vessels at sea, the rest on land. */
export function fitsKind(kind: SiteKind, latitude: number, longitude: number): boolean {
  const surface = landMask().surface(latitude, longitude, COAST_MARGIN_KM);
  return surface === (kind === 'maritime' ? 'sea' : 'land');
}

function fixedSite(region: string) {
  return fixedSites.find((s) => s.name === region)!;
}

/** A position in the region: random draws in the order the generator always made them. */
function drawPosition(rnd: Random, kind: SiteKind, region: string): Site {
  if (kind === 'fixed') {
    const site = fixedSite(region);
    return {
      kind,
      region,
      latitude: site.at[0] + rnd.normal(0, site.spread / 2),
      longitude: normaliseLongitude(site.at[1] + rnd.normal(0, site.spread / 2)),
      heading: null,
      speedKmh: 0,
    };
  }
  const routes = kind === 'maritime' ? shippingLanes : corridors;
  const { at, heading } = alongPath(routes[region]!, rnd.next());
  const jitter = kind === 'maritime' ? 0.6 : 0.05;
  return {
    kind,
    region,
    latitude: at[0] + rnd.normal(0, jitter),
    longitude: normaliseLongitude(at[1] + rnd.normal(0, jitter)),
    heading,
    speedKmh: kind === 'maritime' ? rnd.float(18, 40) : rnd.float(50, 105),
  };
}

/** The region's anchor, or the first point along its path, that suits the kind. */
function fallbackSite(drawn: Site): Site {
  const { kind, region } = drawn;
  if (kind === 'fixed') {
    const [latitude, longitude] = fixedSite(region).at;
    return { ...drawn, latitude, longitude };
  }
  const path = (kind === 'maritime' ? shippingLanes : corridors)[region]!;
  for (let step = 0; step <= 1000; step++) {
    const { at, heading } = alongPath(path, step / 1000);
    const longitude = normaliseLongitude(at[1]);
    if (fitsKind(kind, at[0], longitude)) return { ...drawn, latitude: at[0], longitude, heading };
  }
  return drawn;
}

/**
 * A believable place for a terminal of the given kind: vessels at sea, land sites on land, by
 * the basemap's land (issue 13). The first draw takes from `rnd` exactly as it always did, so the
 * rest of the device is generated as before; a draw again, needed only when the first falls on
 * the wrong side of a coast, takes from a fork of `rnd` and keeps the region (and so the name).
 */
export function pickSite(rnd: Random, kind: SiteKind): Site {
  const region =
    kind === 'fixed'
      ? rnd.pick(fixedSites).name
      : rnd.pick(Object.keys(kind === 'maritime' ? shippingLanes : corridors));
  const first = drawPosition(rnd, kind, region);
  if (fitsKind(kind, first.latitude, first.longitude)) return first;
  for (let attempt = 0; attempt < SITE_ATTEMPTS; attempt++) {
    const site = drawPosition(rnd.fork(attempt), kind, region);
    if (fitsKind(kind, site.latitude, site.longitude)) return { ...site, speedKmh: first.speedKmh };
  }
  return fallbackSite(first);
}

/** The lanes, corridors and fixed sites that sites are drawn in (for tests). */
export const siteRegions = { shippingLanes, corridors, fixedSites } as const;

const vesselPrefixes = ['MV', 'MT', 'MS', 'RV', 'OSV'];
const vesselNames = [
  'Northern Star',
  'Atlantic Dawn',
  'Sea Falcon',
  'Coral Voyager',
  'Polar Wind',
  'Meridian',
  'Blue Horizon',
  'Cape Harmony',
  'Silver Tide',
  'Ocean Pioneer',
  'Storm Petrel',
  'Iron Gull',
  'Pacific Spirit',
  'Aurora Borealis',
  'Kestrel Bay',
  'Grey Heron',
  'Tern Island',
  'Boreal Trader',
  'Southern Cross',
  'Nordic Light',
];

/** A device name in the style a fleet operator would give it. */
export function deviceName(rnd: Random, site: Site, index: number): string {
  switch (site.kind) {
    case 'maritime':
      return `${rnd.pick(vesselPrefixes)} ${rnd.pick(vesselNames)} ${rnd.int(1, 9)}`;
    case 'landMobile':
      return `${site.region} ${rnd.pick(['Truck', 'Unit', 'Rail car', 'Response van'])} ${1000 + index}`;
    case 'fixed':
      return `${site.region} ${rnd.pick(['Site', 'Camp', 'Well pad', 'Station'])} ${rnd.int(1, 40)}`;
  }
}
