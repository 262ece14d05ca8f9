import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/**
 * Makes a ring's longitudes continuous: where a step jumps by more than 180 degrees (the ring
 * crosses the antimeridian, e.g. Russia or Fiji in world-atlas), the rest of the ring is shifted
 * by 360 so the map draws the shape instead of a band across the whole world.
 */
export function continuousRing(ring: readonly Position[]): Position[] {
  let offset = 0;
  let previous: number | undefined;
  return ring.map(([lon = 0, lat = 0, ...rest]) => {
    if (previous !== undefined) {
      const step = lon - previous;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previous = lon;
    return [lon + offset, lat, ...rest];
  });
}

function continuousGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(continuousRing) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(continuousRing)),
      };
    case 'LineString':
      return { ...geometry, coordinates: continuousRing(geometry.coordinates) };
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(continuousRing) };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(continuousGeometry) };
    default:
      return geometry;
  }
}

/** Every ring of every feature with continuous longitudes (see {@link continuousRing}). */
export function withContinuousLongitudes(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((f): Feature =>
      f.geometry ? { ...f, geometry: continuousGeometry(f.geometry) } : f,
    ),
  };
}
