import type { FleetClusters } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  clusterLook,
  fitView,
  fleetBounds,
  fleetFeatures,
  mercator,
  panView,
  PREVIEW_ZOOM_RANGE,
  unmercator,
  viewBounds,
  zoomViewAround,
  viewQuery,
} from './fleet-map';

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

  it('projects as MapLibre does: Web Mercator on a 512 px world at zoom 0', () => {
    expect(mercator(-180, 0)).toEqual([0, 256]);
    expect(mercator(0, 0)).toEqual([256, 256]);
    const [, top] = mercator(0, 85.0511);
    expect(top).toBeCloseTo(0, 1);
    expect(mercator(0, 89)).toEqual(mercator(0, 85.0511));
  });

  it("fits the first view as MapLibre's fitBounds (padding 40, at most zoom 8)", () => {
    // The whole world's width in 592 px leaves 512 px: zoom 0, centred on the box.
    const world = fitView(
      [
        [-180, -60],
        [180, 60],
      ],
      592,
      2000,
    );
    expect(world.zoom).toBeCloseTo(0, 6);
    expect(world.center[0]).toBeCloseTo(256, 6);
    // A small box stops at zoom 8.
    expect(
      fitView(
        [
          [4.5, 51.9],
          [4.51, 51.91],
        ],
        800,
        400,
      ).zoom,
    ).toBe(8);
  });

  it('projects back: unmercator is the inverse of mercator', () => {
    for (const [longitude, latitude] of [
      [0, 0],
      [-122.4, 37.8],
      [151.2, -33.9],
      [179.9, 85],
    ] as const) {
      const [x, y] = mercator(longitude, latitude);
      const [lng, lat] = unmercator(x, y);
      expect(lng).toBeCloseTo(longitude, 9);
      expect(lat).toBeCloseTo(latitude, 9);
    }
  });

  it('pans the first view with the pointer and keeps it on the map', () => {
    const view = { center: [256, 256] as [number, number], zoom: 2 };
    // A drag 100 px to the right shows what was 25 zoom-0 px to the left (2^2 = 4 px each).
    expect(panView(view, 100, -40).center).toEqual([231, 266]);
    expect(panView(view, -1e6, 1e6).center).toEqual([512, 0]);
  });

  it('zooms the first view around the pointer: the place under it stays under it', () => {
    const view = { center: [256, 256] as [number, number], zoom: 2 };
    const [width, height] = [800, 400];
    const placeUnder = (v: typeof view, px: number, py: number) => [
      v.center[0] + (px - width / 2) / 2 ** v.zoom,
      v.center[1] + (py - height / 2) / 2 ** v.zoom,
    ];
    const zoomed = zoomViewAround(view, 4.5, 650, 120, width, height);
    expect(zoomed.zoom).toBe(4.5);
    const [a, b] = [placeUnder(view, 650, 120), placeUnder(zoomed, 650, 120)];
    expect(b[0]).toBeCloseTo(a[0]!, 9);
    expect(b[1]).toBeCloseTo(a[1]!, 9);
    // Zooms stay within the range; around the centre, the centre does not move.
    expect(zoomViewAround(view, 40, 400, 200, width, height)).toEqual({
      center: [256, 256],
      zoom: PREVIEW_ZOOM_RANGE[1],
    });
    expect(zoomViewAround(view, -3, 400, 200, width, height).zoom).toBe(0);
  });

  it("gives a view's box in degrees for the server's clusters", () => {
    // The whole world at zoom 0 in a 512 px square.
    const world = viewBounds({ center: [256, 256], zoom: 0 }, 512, 512);
    expect(world.west).toBeCloseTo(-180, 9);
    expect(world.east).toBeCloseTo(180, 9);
    expect(world.north).toBeCloseTo(85.0511, 3);
    expect(world.south).toBeCloseTo(-85.0511, 3);
    // Zoomed in on (0, 0): a box round it, narrower in longitude as the zoom doubles.
    const near = viewBounds({ center: mercator(0, 0), zoom: 4 }, 512, 256);
    expect(near.west).toBeCloseTo(-11.25, 9);
    expect(near.east).toBeCloseTo(11.25, 9);
    expect(near.north).toBeCloseTo(-near.south, 9);
  });

  it('draws clusters with the spec colours and sizes, stepping at 100 and 750', () => {
    expect(clusterLook(99)).toEqual({ color: '#7cc4e4', radius: 17 });
    expect(clusterLook(100)).toEqual({ color: '#f2c94c', radius: 23 });
    expect(clusterLook(750)).toEqual({ color: '#e58fb6', radius: 30 });
  });
});
