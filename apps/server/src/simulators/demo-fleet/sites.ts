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
    [6.9, 79.8],
    [5.5, 92],
    [1.3, 103.8],
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
    [37.8, -122.3],
    [39.5, -119.8],
    [40.8, -111.9],
    [41.3, -105.6],
    [41.3, -96],
    [41.6, -87.6],
  ],
  'I-10': [
    [34.05, -118.25],
    [33.45, -112.07],
    [32.22, -110.97],
    [31.76, -106.49],
    [29.42, -98.49],
    [29.76, -95.37],
  ],
  'Trans-Canada': [
    [49.28, -123.12],
    [51.05, -114.07],
    [50.45, -104.61],
    [49.9, -97.14],
    [46.49, -80.99],
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
    [-31.95, 115.86],
    [-31.3, 121.5],
    [-31.6, 128.9],
    [-32.1, 133.7],
    [-34.93, 138.6],
  ],
  'Trans-Siberian': [
    [55.75, 37.62],
    [56.84, 60.6],
    [55.03, 82.92],
    [52.29, 104.3],
    [48.48, 135.07],
  ],
};

/** Remote fixed sites: mines, oil fields, research stations, farms. */
const fixedSites: readonly { name: string; at: Point; spread: number }[] = [
  { name: 'North Slope', at: [70.2, -148.5], spread: 0.6 },
  { name: 'Pilbara', at: [-22.3, 118.7], spread: 1.2 },
  { name: 'Atacama', at: [-24.2, -69.1], spread: 0.8 },
  { name: 'Athabasca', at: [57.0, -111.5], spread: 0.7 },
  { name: 'Rift Valley', at: [0.5, 36.1], spread: 1.0 },
  { name: 'Svalbard', at: [78.2, 15.6], spread: 0.3 },
  { name: 'Permian Basin', at: [31.9, -102.1], spread: 1.0 },
  { name: 'Highlands', at: [57.3, -4.5], spread: 0.8 },
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
  const [bLat, bLon] = path[i + 1]!;
  const heading = (Math.atan2(bLon - aLon, bLat - aLat) * 180) / Math.PI;
  return {
    at: [aLat + (bLat - aLat) * f, aLon + (bLon - aLon) * f],
    heading: (heading + 360) % 360,
  };
}

/** A believable place for a terminal of the given kind. */
export function pickSite(rnd: Random, kind: SiteKind): Site {
  if (kind === 'fixed') {
    const site = rnd.pick(fixedSites);
    return {
      kind,
      region: site.name,
      latitude: site.at[0] + rnd.normal(0, site.spread / 2),
      longitude: normaliseLongitude(site.at[1] + rnd.normal(0, site.spread / 2)),
      heading: null,
      speedKmh: 0,
    };
  }
  const routes = kind === 'maritime' ? shippingLanes : corridors;
  const region = rnd.pick(Object.keys(routes));
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
