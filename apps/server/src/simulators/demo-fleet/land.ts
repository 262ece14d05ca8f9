import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Where a point lies, with a margin around the coastline. */
export type Surface = 'land' | 'sea' | 'coast';

const BAND_DEG = 0.25;
const BANDS = 360 / BAND_DEG;
const KM_PER_DEGREE = 111.32;

/**
 * The land of the web map's basemap (Natural Earth 1:50m from world-atlas: its `land` is the
 * union of the `countries` the map draws), indexed for point queries: every coastline edge is
 * kept in the 0.25-degree longitude bands it spans, so a query reads a few hundred edges at most.
 */
export interface LandMask {
  /** Whether the point is inside the land polygons (even-odd, holes included). */
  isLand(latitude: number, longitude: number): boolean;
  /** Distance in km to the nearest coastline edge, or Infinity when none is within `maxKm`. */
  coastDistanceKm(latitude: number, longitude: number, maxKm: number): number;
  /** 'coast' within `marginKm` of a coastline, else 'land' or 'sea'. */
  surface(latitude: number, longitude: number, marginKm: number): Surface;
}

const bandOf = (lon: number) =>
  Math.min(BANDS - 1, Math.max(0, Math.floor((lon + 180) / BAND_DEG)));

/** Builds the mask from polygons in longitude/latitude (rings may cross the antimeridian). */
export function createLandMask(polygons: readonly (readonly Position[][])[]): LandMask {
  const bands: number[][] = Array.from({ length: BANDS }, () => []);

  const addEdge = (x1: number, y1: number, x2: number, y2: number) => {
    const from = bandOf(Math.min(x1, x2));
    const to = bandOf(Math.max(x1, x2));
    for (let b = from; b <= to; b++) bands[b]!.push(x1, y1, x2, y2);
  };

  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 1; i < ring.length; i++) {
        const [x1 = 0, y1 = 0] = ring[i - 1]!;
        const [x2 = 0, y2 = 0] = ring[i]!;
        if (Math.abs(x2 - x1) <= 180) {
          addEdge(x1, y1, x2, y2);
          continue;
        }
        // NOTE: the edge crosses the antimeridian (world-atlas rings are stitched across it):
        // cut it there. The meridian pieces that would close the cut are vertical, and the
        // vertical ray of `isLand` never crosses them, so the parity stays right.
        const east = x1 > 0;
        const x2c = east ? x2 + 360 : x2 - 360;
        const edge = east ? 180 : -180;
        const ym = y1 + ((y2 - y1) * (edge - x1)) / (x2c - x1);
        addEdge(x1, y1, edge, ym);
        addEdge(-edge, ym, x2, y2);
      }
    }
  }

  const isLand = (latitude: number, longitude: number): boolean => {
    // A ray north from the point: odd crossings mean inside.
    const edges = bands[bandOf(longitude)]!;
    let inside = false;
    for (let i = 0; i < edges.length; i += 4) {
      const x1 = edges[i]!;
      const y1 = edges[i + 1]!;
      const x2 = edges[i + 2]!;
      const y2 = edges[i + 3]!;
      if (x1 <= longitude === x2 <= longitude) continue;
      const y = y1 + ((y2 - y1) * (longitude - x1)) / (x2 - x1);
      if (y > latitude) inside = !inside;
    }
    return inside;
  };

  const coastDistanceKm = (latitude: number, longitude: number, maxKm: number): number => {
    const kmPerLon = KM_PER_DEGREE * Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
    const spanDeg = maxKm / kmPerLon;
    const first = Math.floor((longitude - spanDeg + 180) / BAND_DEG);
    const last = Math.floor((longitude + spanDeg + 180) / BAND_DEG);
    let best = Infinity;
    for (let b = first; b <= last; b++) {
      // Bands past the antimeridian are read from the other side, shifted by 360 degrees.
      const wrapped = ((b % BANDS) + BANDS) % BANDS;
      const shift = b < 0 ? -360 : b >= BANDS ? 360 : 0;
      const edges = bands[wrapped]!;
      for (let i = 0; i < edges.length; i += 4) {
        const ax = (edges[i]! + shift - longitude) * kmPerLon;
        const ay = (edges[i + 1]! - latitude) * KM_PER_DEGREE;
        const bx = (edges[i + 2]! + shift - longitude) * kmPerLon;
        const by = (edges[i + 3]! - latitude) * KM_PER_DEGREE;
        best = Math.min(best, distanceToSegment(ax, ay, bx, by));
      }
    }
    return best <= maxKm ? best : Infinity;
  };

  return {
    isLand,
    coastDistanceKm,
    surface(latitude, longitude, marginKm) {
      if (coastDistanceKm(latitude, longitude, marginKm) <= marginKm) return 'coast';
      return isLand(latitude, longitude) ? 'land' : 'sea';
    },
  };
}

/** Distance from the origin to the segment a-b (planar). */
function distanceToSegment(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

let mask: LandMask | null = null;

/** The basemap's land (world-atlas `land-50m`), loaded once per process on first use. */
export function landMask(): LandMask {
  if (mask) return mask;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'),
  ) as Topology<{ land: GeometryCollection }>;
  const polygons: Position[][][] = [];
  for (const f of feature(topology, topology.objects.land).features) {
    const geometry = f.geometry as Polygon | MultiPolygon;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    else polygons.push(...geometry.coordinates);
  }
  mask = createLandMask(polygons);
  return mask;
}
