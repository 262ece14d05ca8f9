import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// NOTE: the countries ship with the app as an asset (Natural Earth 1:50m via world-atlas):
// the map never loads tiles or anything else from the internet.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { withContinuousLongitudes } from '../../utils/antimeridian';
// The labels (place names and country label points) made by scripts/basemap-labels.mjs: a
// hashed asset too, fetched only when a map is drawn.
import labelsUrl from './basemap-labels.json?url';

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

type LabelRow = [longitude: number, latitude: number, name: string, minZoom: number];

function pointLabels(rows: readonly LabelRow[]): FeatureCollection<Point, LabelProperties> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([longitude, latitude, name, z], rank) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { name, z, rank },
    })),
  };
}

/** Turns the label asset's compact rows into GeoJSON. */
export function readLabels(body: unknown): BasemapLabels {
  const { places, countries } = body as { places: LabelRow[]; countries: LabelRow[] };
  return { places: pointLabels(places), countries: pointLabels(countries) };
}

const labelsCache: { current: Promise<BasemapLabels> | null } = { current: null };

/** The basemap's place and country labels, loaded once per page. */
export function loadLabels(): Promise<BasemapLabels> {
  return once(labelsCache, labelsUrl, readLabels);
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
