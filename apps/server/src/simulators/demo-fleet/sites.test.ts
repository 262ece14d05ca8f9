import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoBounds, geoContains } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { generateDevice, type DemoDevice } from './generate-devices.js';
import { createLandMask, landMask } from './land.js';
import { Random } from './random.js';
import { COAST_MARGIN_KM, fitsKind, pickSite, siteRegions } from './sites.js';

// The oracle: the countries the web map's basemap draws (world-atlas countries-50m), tested
// with d3-geo's spherical containment, independent of the generator's own land mask.
const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Topology<{ countries: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries).features.map((f) => ({
  feature: f as Feature<Polygon | MultiPolygon>,
  bounds: geoBounds(f),
}));

function inBounds(bounds: [[number, number], [number, number]], lon: number, lat: number) {
  const [[west, south], [east, north]] = bounds;
  if (lat < south || lat > north) return false;
  // d3's bounds cross the antimeridian when west > east.
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}

/** Whether the basemap draws the point on a country (on land). */
function onBasemapLand(lat: number, lon: number): boolean {
  return countries.some((c) => inBounds(c.bounds, lon, lat) && geoContains(c.feature, [lon, lat]));
}

const options = { seed: 2026, accountCount: 25, now: new Date('2026-11-22T12:00:00Z') };
const fleet: DemoDevice[] = Array.from({ length: 3000 }, (_, i) => generateDevice(i, options));
const LAND_NAME = /\b(Site|Camp|Well pad|Station|Truck|Unit|Rail car|Response van)\b/;

describe('demo sites: land sites render on land, vessels at sea (issue 13)', () => {
  it("puts every land site (well pads, camps, stations, trucks, rail cars, vans) on the basemap's land", () => {
    const land = fleet.filter((d) => d.site.kind !== 'maritime');
    expect(land.length).toBeGreaterThan(1000);
    const wrong = land
      .filter((d) => !onBasemapLand(d.site.latitude, d.site.longitude))
      .map((d) => `${d.name} ${d.site.latitude.toFixed(3)},${d.site.longitude.toFixed(3)}`);
    expect(wrong).toEqual([]);
    for (const d of land) if (!d.name.startsWith('test3-')) expect(d.name).toMatch(LAND_NAME);
  });

  it('puts every vessel at sea', () => {
    const vessels = fleet.filter((d) => d.site.kind === 'maritime');
    expect(vessels.length).toBeGreaterThan(700);
    const wrong = vessels
      .filter((d) => onBasemapLand(d.site.latitude, d.site.longitude))
      .map((d) => `${d.name} ${d.site.latitude.toFixed(3)},${d.site.longitude.toFixed(3)}`);
    expect(wrong).toEqual([]);
  });

  it(`keeps every site ${COAST_MARGIN_KM} km from the coast, on the side its kind belongs to`, () => {
    const mask = landMask();
    for (const d of fleet) {
      expect(mask.coastDistanceKm(d.site.latitude, d.site.longitude, COAST_MARGIN_KM)).toBe(
        Infinity,
      );
      expect(fitsKind(d.site.kind, d.site.latitude, d.site.longitude)).toBe(true);
    }
  });

  it('sails the Trans-Pacific lane across the antimeridian, not round the world', () => {
    for (let seed = 0; seed < 400; seed++) {
      const site = pickSite(new Random(seed), 'maritime');
      if (site.region !== 'Trans-Pacific') continue;
      // The lane runs from Singapore (103.8°E) east to Los Angeles (118.3°W).
      expect(site.longitude >= 95 || site.longitude <= -110).toBe(true);
    }
  });

  it('stays deterministic: the same seed and index give the same site and device', () => {
    expect(generateDevice(42, options)).toEqual(generateDevice(42, options));
    const a = pickSite(new Random(7).fork(3), 'fixed');
    expect(pickSite(new Random(7).fork(3), 'fixed')).toEqual(a);
  });

  it('has fallbacks that suit their kind: the fixed anchors are on land', () => {
    for (const site of siteRegions.fixedSites) {
      expect(fitsKind('fixed', site.at[0], site.at[1]), site.name).toBe(true);
    }
  });
});

describe('land mask', () => {
  const mask = landMask();

  it.each([
    ['London', 51.5, -0.12, 'land'],
    ['the mid-Atlantic', 45, -30, 'sea'],
    ['Chukotka east of the antimeridian', 65.5, -175, 'land'],
    ['Chukotka west of the antimeridian', 66, 175, 'land'],
    ['Fiji, Viti Levu', -17.8, 178, 'land'],
    ['Antarctica', -80, 0, 'land'],
    ['the Southern Ocean', -60, 0, 'sea'],
    ['the Caspian Sea', 42, 51, 'sea'],
    ['the Bering Sea', 58, -178, 'sea'],
  ] as const)('knows %s is %s', (_, lat, lon, expected) => {
    expect(mask.surface(lat, lon, 1)).toBe(expected);
    expect(mask.isLand(lat, lon)).toBe(onBasemapLand(lat, lon));
  });

  it('agrees with the basemap countries on random points', () => {
    const rnd = new Random(99);
    for (let i = 0; i < 300; i++) {
      const lat = rnd.float(-85, 85);
      const lon = rnd.float(-180, 180);
      // Points on a coast may fall either way between 1:50m land and countries.
      if (mask.coastDistanceKm(lat, lon, 2) !== Infinity) continue;
      expect(mask.isLand(lat, lon), `${lat},${lon}`).toBe(onBasemapLand(lat, lon));
    }
  });

  it('measures the distance to the nearest coastline edge', () => {
    // A unit square around the origin: the point (0.5, 0.2) is 0.2° from its south edge.
    const square = createLandMask([
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    ]);
    expect(square.isLand(0.2, 0.5)).toBe(true);
    expect(square.isLand(1.2, 0.5)).toBe(false);
    expect(square.coastDistanceKm(0.2, 0.5, 50)).toBeCloseTo(0.2 * 111.32, 0);
    expect(square.coastDistanceKm(0.5, 0.5, 10)).toBe(Infinity);
    expect(square.surface(0.5, 0.5, 10)).toBe('land');
    expect(square.surface(0.02, 0.5, 10)).toBe('coast');
  });
});
