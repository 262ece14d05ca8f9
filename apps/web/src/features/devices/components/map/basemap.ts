import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// NOTE: the countries ship with the app as an asset (Natural Earth 1:50m via world-atlas):
// the map never loads tiles or anything else from the internet.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { withContinuousLongitudes } from '../../utils/antimeridian';

// The labels (place names and country label points) made by scripts/basemap-labels.mjs: hashed
// assets too, split so that a map fetches only the files its view needs (decision 028).
const labelUrls = import.meta.glob<string>('./labels/*.json', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** Fetches a JSON asset once per page; a failure is forgotten so the next map tries again. */
function once<T>(
  cache: { current: Promise<T> | null },
  url: string,
  read: (body: unknown) => T,
): Promise<T> {
  cache.current ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`basemap: ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then(read)
    .catch((error: unknown) => {
      cache.current = null;
      throw error;
    });
  return cache.current;
}

const countriesCache: { current: Promise<FeatureCollection> | null } = { current: null };

/** The offline basemap's countries as GeoJSON, loaded once per page. */
export function loadCountries(): Promise<FeatureCollection> {
  return once(countriesCache, countriesUrl, (body) => {
    const topology = body as Topology<{ countries: GeometryCollection }>;
    return withContinuousLongitudes(feature(topology, topology.objects.countries));
  });
}

/** A label: where, what, and the first zoom it shows at. */
export interface LabelProperties {
  name: string;
  /** The first zoom the label shows at. */
  z: number;
  /** Its rank: the map places lower ranks first when labels collide. */
  rank: number;
}

export interface BasemapLabels {
  places: FeatureCollection<Point, LabelProperties>;
  countries: FeatureCollection<Point, LabelProperties>;
}

/** A row of a label file: where, what, the first zoom it shows at, and its rank. */
type LabelRow = [longitude: number, latitude: number, name: string, minZoom: number, rank?: number];

function pointLabels(rows: readonly LabelRow[]): FeatureCollection<Point, LabelProperties> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([longitude, latitude, name, z, rank], index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { name, z, rank: rank ?? index },
    })),
  };
}

/** Turns a label file's compact rows into GeoJSON (a cell's file has no countries). */
export function readLabels(body: unknown): BasemapLabels {
  const { places, countries = [] } = body as { places: LabelRow[]; countries?: LabelRow[] };
  return { places: pointLabels(places), countries: pointLabels(countries) };
}

/** The side of a label cell in degrees (scripts/basemap-labels.mjs). */
const CELL_DEGREES = 10;
/** The world file serves places up to this zoom, and the country labels (shown below 6). */
const WORLD_MAX_ZOOM = 4;
const COUNTRY_LABELS_MAX_ZOOM = 6;

export interface LabelView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/**
 * The label files a view needs: the world file while zoomed out (its places and the country
 * labels), and from zoom 5 in the 10-degree cells the view touches. Longitudes may run past
 * ±180 (a view across the antimeridian); they wrap.
 */
export function labelFilesFor(view: LabelView): string[] {
  const files: string[] = [];
  if (view.zoom < COUNTRY_LABELS_MAX_ZOOM) files.push('world');
  if (view.zoom < WORLD_MAX_ZOOM + 1) return files;
  const columns = 360 / CELL_DEGREES;
  const rows = 180 / CELL_DEGREES;
  const row = (lat: number) =>
    Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
  const firstColumn = Math.floor((view.west + 180) / CELL_DEGREES);
  const lastColumn = Math.min(
    Math.floor((view.east + 180) / CELL_DEGREES),
    firstColumn + columns - 1,
  );
  for (let c = firstColumn; c <= lastColumn; c++) {
    const column = ((c % columns) + columns) % columns;
    for (let r = row(view.south); r <= row(view.north); r++) files.push(`cell-${column}-${r}`);
  }
  return files;
}

const labelFiles = new Map<string, { current: Promise<BasemapLabels> | null }>();

/** One label file, loaded once per page; a file with no places (open sea) is empty. */
function loadLabelFile(name: string): Promise<BasemapLabels> {
  const url = labelUrls[`./labels/${name}.json`];
  if (!url) return Promise.resolve(readLabels({ places: [] }));
  let cache = labelFiles.get(name);
  if (!cache) {
    cache = { current: null };
    labelFiles.set(name, cache);
  }
  return once(cache, url, readLabels);
}

/**
 * The basemap's place and country labels for a view, from the files it needs (each fetched
 * once per page), merged with those already loaded (a place in two files counts once); null
 * when the view needs no file it does not have.
 */
export function labelLoader(): (view: LabelView) => Promise<BasemapLabels | null> {
  const merged = new Set<string>();
  const places = new Map<number, Feature<Point, LabelProperties>>();
  let countries: FeatureCollection<Point, LabelProperties> = {
    type: 'FeatureCollection',
    features: [],
  };
  return async (view) => {
    const wanted = labelFilesFor(view).filter((name) => !merged.has(name));
    if (wanted.length === 0) return null;
    const files = await Promise.allSettled(wanted.map(loadLabelFile));
    files.forEach((file, i) => {
      if (file.status !== 'fulfilled') return;
      merged.add(wanted[i]!);
      for (const place of file.value.places.features) places.set(place.properties.rank, place);
      if (file.value.countries.features.length > 0) countries = file.value.countries;
    });
    return { places: { type: 'FeatureCollection', features: [...places.values()] }, countries };
  };
}

export interface GraticuleProperties {
  /** The coarsest spacing (10, 5 or 1 degrees) this line belongs to. */
  step: number;
  label: string;
}

const spacing = (degrees: number) => (degrees % 10 === 0 ? 10 : degrees % 5 === 0 ? 5 : 1);

/** '45°N', '0°', '33°W'. */
export function degreeLabel(degrees: number, axis: 'latitude' | 'longitude'): string {
  if (degrees === 0 || Math.abs(degrees) === 180) return `${Math.abs(degrees)}°`;
  const hemisphere = axis === 'latitude' ? (degrees > 0 ? 'N' : 'S') : degrees > 0 ? 'E' : 'W';
  return `${Math.abs(degrees)}°${hemisphere}`;
}

/**
 * Lines of latitude and longitude every degree, with their labels: at sea, where the basemap has
 * nothing else to show at zoom 8, they say where the pin is.
 */
export function graticule(): FeatureCollection<LineString, GraticuleProperties> {
  const lines: Feature<LineString, GraticuleProperties>[] = [];
  for (let lat = -80; lat <= 80; lat++) {
    lines.push({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-180, lat],
          [0, lat],
          [180, lat],
        ],
      },
      properties: { step: spacing(lat), label: degreeLabel(lat, 'latitude') },
    });
  }
  for (let lon = -180; lon < 180; lon++) {
    lines.push({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, -85],
          [lon, 85],
        ],
      },
      properties: { step: spacing(lon), label: degreeLabel(lon, 'longitude') },
    });
  }
  return { type: 'FeatureCollection', features: lines };
}
