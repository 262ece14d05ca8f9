import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FLEET_CLUSTER_MAX_ZOOM, FLEET_CLUSTER_RADIUS, type FleetClusters } from '@aerie/contract';

/**
 * The fleet map's devices clustered on the server (issue 15, decision 029 amendment): the spec's
 * clustering (max zoom 14, radius 50 px of a 512 px tile, two devices at least, as MapLibre's
 * own) by supercluster, with each cluster counting its offline devices, so a view of 100,000
 * devices is answered with the few hundred clusters it shows instead of every device.
 *
 * Building the index of 100,000 devices takes about a second of CPU: it runs on a worker thread
 * that keeps the indexes, so the event loop (every other request) never waits for it. A view of
 * an index is then about a millisecond, asked of the same worker.
 */
export interface FleetView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface FleetClusterer {
  /**
   * Builds the index `key` from the map's points as `GET /v2/devices/map` writes them (the JSON
   * arrays without the outer brackets), only the online ones with `onlineOnly`.
   */
  build(key: string, pointsJson: string, onlineOnly: boolean): Promise<void>;
  /** The clusters and devices of a view (west east of east: across the antimeridian), or null
   * when the index is no longer kept. */
  view(key: string, view: FleetView): Promise<FleetClusters | null>;
  /** Stops the worker (the app's close). */
  close(): Promise<void>;
}

/*
 * NOTE: the worker's code is CommonJS run with `eval` (as the database worker's): a worker file
 * would be `.ts` under the tests, which run the sources, and `.js` in the build. It runs
 * supercluster's own bundle (kdbush inside), read by absolute path.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
// supercluster's UMD bundle, run as CommonJS (its package is an ES module, so require() would
// load the file as one).
const bundle = { exports: {} };
new Function('module', 'exports', readFileSync(workerData.supercluster, 'utf8'))(bundle, bundle.exports);
const Supercluster = bundle.exports;
const indexes = new Map();

function build(pointsJson, onlineOnly) {
  const points = JSON.parse('[' + pointsJson + ']');
  const features = [];
  let west = 180, south = 90, east = -180, north = -90;
  for (const [id, longitude, latitude, online] of points) {
    if (onlineOnly && online !== 1) continue;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { id, online },
    });
  }
  const index = new Supercluster({
    maxZoom: workerData.maxZoom,
    radius: workerData.radius,
    extent: 512,
    minPoints: 2,
    map: (p) => ({ offline: 1 - p.online }),
    reduce: (sum, p) => { sum.offline += p.offline; },
  }).load(features);
  return {
    total: features.length,
    bounds: features.length > 0 ? [west, south, east, north] : null,
    index,
  };
}

function view(fleet, v) {
  const clusters = [];
  const devices = [];
  for (const feature of fleet.index.getClusters([v.west, v.south, v.east, v.north], v.zoom)) {
    const [longitude, latitude] = feature.geometry.coordinates;
    const p = feature.properties;
    if (p.cluster) {
      const splits = Math.min(fleet.index.getClusterExpansionZoom(p.cluster_id), 25);
      clusters.push([longitude, latitude, p.point_count, p.offline, splits, p.cluster_id]);
    } else {
      devices.push([p.id, longitude, latitude, p.online]);
    }
  }
  return { total: fleet.total, bounds: fleet.bounds, clusters, devices };
}

parentPort.on('message', (m) => {
  try {
    if (m.type === 'build') {
      indexes.delete(m.key);
      indexes.set(m.key, build(m.json, m.onlineOnly));
      while (indexes.size > workerData.maxIndexes) indexes.delete(indexes.keys().next().value);
      parentPort.postMessage({ id: m.id, ok: true });
    } else if (m.type === 'view') {
      const fleet = indexes.get(m.key);
      parentPort.postMessage({ id: m.id, ok: true, result: fleet ? view(fleet, m.view) : null });
    }
  } catch (error) {
    parentPort.postMessage({ id: m.id, ok: false, message: String((error && error.message) || error) });
  }
});
`;

type Reply =
  | { id: number; ok: true; result?: FleetClusters | null }
  | { id: number; ok: false; message: string };

/** Where supercluster's bundle is (its package exports only the ES module). */
function superclusterBundle(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('supercluster')), 'dist/supercluster.js');
}

/**
 * The clusterer on its worker thread, started at the first build. It keeps at most
 * `maxIndexes` indexes, dropping the oldest built.
 */
export function createFleetClusterer({ maxIndexes = 40 } = {}): FleetClusterer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  };
  const started = (): Worker => {
    if (worker) return worker;
    const created = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        supercluster: superclusterBundle(),
        maxZoom: FLEET_CLUSTER_MAX_ZOOM,
        radius: FLEET_CLUSTER_RADIUS,
        maxIndexes,
      },
    });
    // The worker never keeps the process alive; the app's close stops it.
    created.unref();
    created.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    created.on('error', (error) => failAll(error));
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`the fleet map worker exited (${code})`));
    });
    worker = created;
    return created;
  };
  const call = (message: Record<string, unknown>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      started().postMessage({ id, ...message });
    });
  const unwrap = (reply: Reply): FleetClusters | null => {
    if (!reply.ok) throw new Error(`fleet map clustering failed: ${reply.message}`);
    return reply.result ?? null;
  };

  return {
    async build(key, pointsJson, onlineOnly) {
      unwrap(await call({ type: 'build', key, json: pointsJson, onlineOnly }));
    },
    async view(key, view) {
      return unwrap(await call({ type: 'view', key, view }));
    },
    async close() {
      const stopping = worker;
      worker = null;
      failAll(new Error('the fleet map worker was stopped'));
      await stopping?.terminate();
    },
  };
}
