import type { FleetMapPoint } from '@aerie/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createFleetClusterer, type FleetView } from './fleet-clusters.js';

const clusterer = createFleetClusterer({ maxIndexes: 3 });
afterAll(() => clusterer.close());

let built = 0;
/** Builds an index of the points on the worker and answers views of it. */
async function indexOf(points: FleetMapPoint[], onlineOnly: boolean) {
  const key = `test-${++built}`;
  await clusterer.build(key, points.map((p) => JSON.stringify(p)).join(','), onlineOnly);
  return key;
}
async function clustersInView(key: string, view: FleetView) {
  const answer = await clusterer.view(key, view);
  if (!answer) throw new Error(`index ${key} is not kept`);
  return answer;
}

const WORLD = { west: -180, south: -85, east: 180, north: 85 };

/** `n` devices around a place, every third one offline. */
function around(prefix: string, longitude: number, latitude: number, n: number): FleetMapPoint[] {
  return Array.from({ length: n }, (_, i) => [
    `${prefix}-${i}`,
    longitude + (i % 10) * 0.001,
    latitude + Math.floor(i / 10) * 0.001,
    i % 3 === 0 ? 0 : 1,
  ]);
}

describe('the fleet map clustered on the server (on its worker thread)', () => {
  const points = [...around('lisbon', -9.14, 38.72, 30), ...around('perth', 115.86, -31.95, 9)];
  points.push(['alone', 0, 0, 1]);

  it('clusters nearby devices at a world view, counting the offline ones', async () => {
    const view = await clustersInView(await indexOf(points, false), { zoom: 1, ...WORLD });
    expect(view.total).toBe(40);
    expect(view.bounds).toEqual([-9.14, -31.95, 115.868, 38.722]);
    const counts = view.clusters.map(([, , count, offline]) => [count, offline]).sort();
    expect(counts).toEqual([
      [30, 10],
      [9, 3],
    ]);
    expect(view.devices.map(([id]) => id)).toEqual(['alone']);
    // Each cluster says from which zoom it splits.
    for (const [, , , , expansionZoom] of view.clusters) expect(expansionZoom).toBeGreaterThan(1);
  });

  it('shows single devices past zoom 14 (the spec maximum)', async () => {
    const fleet = await indexOf(points, false);
    const close = await clustersInView(fleet, {
      zoom: 15,
      west: -9.15,
      south: 38.71,
      east: -9.12,
      north: 38.73,
    });
    expect(close.clusters).toEqual([]);
    expect(close.devices).toHaveLength(30);
    expect(close.devices.filter(([, , , online]) => online === 0)).toHaveLength(10);
  });

  it('keeps only the view: a box round Perth has none of Lisbon', async () => {
    const view = await clustersInView(await indexOf(points, false), {
      zoom: 3,
      west: 100,
      south: -40,
      east: 130,
      north: -20,
    });
    expect(view.clusters.map(([, , count]) => count)).toEqual([9]);
    expect(view.devices).toEqual([]);
  });

  it('with online only, leaves the offline devices out of the clusters and the total', async () => {
    const view = await clustersInView(await indexOf(points, true), { zoom: 1, ...WORLD });
    expect(view.total).toBe(27);
    expect(view.clusters.map(([, , count, offline]) => [count, offline]).sort()).toEqual([
      [20, 0],
      [6, 0],
    ]);
  });

  it('answers a view across the antimeridian, and an empty fleet', async () => {
    const pacific: FleetMapPoint[] = [
      ['fiji', 178.4, -18.1, 1],
      ['samoa', -171.8, -13.8, 0],
    ];
    const view = await clustersInView(await indexOf(pacific, false), {
      zoom: 5,
      west: 170,
      south: -30,
      east: -165,
      north: 0,
    });
    expect(view.devices.map(([id]) => id).sort()).toEqual(['fiji', 'samoa']);
    const none = await clustersInView(await indexOf([], false), { zoom: 1, ...WORLD });
    expect(none).toEqual({ total: 0, bounds: null, clusters: [], devices: [] });
  });

  it('keeps the newest indexes only, and says when one is gone', async () => {
    const first = await indexOf(points, false);
    for (let i = 0; i < 3; i++) await indexOf(points, false);
    expect(await clusterer.view(first, { zoom: 1, ...WORLD })).toBeNull();
  });

  it('refuses points it cannot read, and goes on working', async () => {
    await expect(clusterer.build('broken', '["a", 1, ', false)).rejects.toThrow(
      'fleet map clustering failed',
    );
    const key = await indexOf(points, false);
    expect((await clustersInView(key, { zoom: 1, ...WORLD })).total).toBe(40);
  });
});
