import type { FleetMapPoint } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { countShown, fleetBounds, fleetFeatures } from './fleet-map';

const points: FleetMapPoint[] = [
  ['a', 4.5, 52.1, 1],
  ['b', 5.25, 51.9, 0],
  ['c', 6, 53, 1],
];

describe('the fleet map data', () => {
  it('makes a GeoJSON point of every device, its id and online flag as properties', () => {
    const all = fleetFeatures(points, false);
    expect(all.features).toHaveLength(3);
    expect(all.features[1]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.25, 51.9] },
      properties: { id: 'b', online: 0 },
    });
  });

  it('keeps only online devices with the online-only filter, and counts them', () => {
    expect(fleetFeatures(points, true).features.map((f) => f.properties.id)).toEqual(['a', 'c']);
    expect(countShown(points, true)).toBe(2);
    expect(countShown(points, false)).toBe(3);
  });

  it('fits the first view round the fleet, or the inhabited world for a fleet spread wide', () => {
    expect(fleetBounds(points)).toEqual([
      [4.5, 51.9],
      [6, 53],
    ]);
    expect(fleetBounds([])).toBeNull();
    expect(
      fleetBounds([
        ['a', -120, 30, 1],
        ['b', 140, -80, 0],
      ]),
    ).toEqual([
      [-170, -60],
      [170, 30],
    ]);
  });
});
