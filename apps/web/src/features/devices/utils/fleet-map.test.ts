import type { FleetClusters } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { abbreviateCount, fleetBounds, fleetFeatures, viewQuery } from './fleet-map';

const answer: FleetClusters = {
  total: 1236,
  bounds: [4.5, 51.9, 6, 53],
  clusters: [[5, 52, 1234, 200, 6, 42]],
  devices: [
    ['a', 4.5, 52.1, 1],
    ['b', 5.25, 51.9, 0],
  ],
};

describe('the fleet map data', () => {
  it('makes a GeoJSON point of every cluster (count, offline, split zoom) and device', () => {
    const { features } = fleetFeatures(answer);
    expect(features).toHaveLength(3);
    expect(features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5, 52] },
      properties: {
        cluster: true,
        cluster_id: 42,
        point_count: 1234,
        point_count_abbreviated: '1.2k',
        offline: 200,
        expansion_zoom: 6,
      },
    });
    expect(features[2]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.25, 51.9] },
      properties: { id: 'b', online: 0 },
    });
  });

  it('abbreviates counts as the map does', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1250)).toBe('1.3k');
    expect(abbreviateCount(98_087)).toBe('98k');
  });

  it('asks for the view within the world, at its whole zoom', () => {
    expect(
      viewQuery({ west: -200.123456, south: -95, east: 12.3456789, north: 60 }, 3.7, true),
    ).toEqual({
      zoom: '3',
      west: '-180',
      south: '-90',
      east: '12.34568',
      north: '60',
      onlineOnly: 'true',
    });
    expect(viewQuery({ west: 0, south: 0, east: 1, north: 1 }, 30, false).zoom).toBe('24');
  });

  it('fits the first view round the fleet, or the inhabited world for a fleet spread wide', () => {
    expect(fleetBounds(answer.bounds)).toEqual([
      [4.5, 51.9],
      [6, 53],
    ]);
    expect(fleetBounds(null)).toBeNull();
    expect(fleetBounds([-120, -80, 140, 30])).toEqual([
      [-170, -60],
      [170, 30],
    ]);
  });
});
