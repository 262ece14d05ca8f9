import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a worker thread (docs/security.md, "Heavy reads"): PGlite runs a
 * query synchronously on the thread that owns it, so on the main thread one heavy query held up
 * every other request, `/status` included. Here the worker owns PGlite and the main thread only
 * passes the wire protocol's bytes to it (PgliteStream), so the event loop stays free.
 */

/** What PgliteStream and openDatabase need of an engine: the wire protocol, a dump, close. */
export interface PgliteEngine {
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteWorkerOptions {
  /** `memory://` or a directory. */
  dataDir: string;
  /** A dump to start from (tests start from a template). */
  loadDataDir?: Blob;
}

type Reply =
  | { id: number; ok: true; result?: Uint8Array | ArrayBuffer }
  | { id: number; ok: false; error: { message: string; stack?: string; code?: string } };

/*
 * NOTE: the worker's code is CommonJS run with `eval`, requiring PGlite by absolute path. A
 * worker file would be `.ts` under the tests (which run the sources) and `.js` in the build;
 * this runs the same in both. It is kept small: everything else stays on the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);
let engine;
const opened = PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm },
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
}).then((e) => (engine = e));
const fail = (id, error) =>
  parentPort.postMessage({
    id,
    ok: false,
    error: { message: String(error && error.message || error), stack: error && error.stack, code: error && error.code },
  });
opened.then(
  () => parentPort.postMessage({ id: 0, ok: true }),
  (error) => fail(0, error),
);
parentPort.on('message', async ({ id, type, message }) => {
  try {
    await opened;
    if (type === 'exec') {
      // A copy: the result may be a view of the database's own memory.
      const result = (await engine.execProtocolRaw(message)).slice();
      parentPort.postMessage({ id, ok: true, result }, [result.buffer]);
    } else if (type === 'dump') {
      const result = new Uint8Array(await (await engine.dumpDataDir('gzip')).arrayBuffer());
      parentPort.postMessage({ id, ok: true, result }, [result.buffer]);
    } else if (type === 'close') {
      await engine.close();
      parentPort.postMessage({ id, ok: true });
    }
  } catch (error) {
    fail(id, error);
  }
});
`;

/** Starts PGlite on a worker thread; resolves once the database is open. */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteEngine> {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pglite: require.resolve('@electric-sql/pglite'),
      pgTrgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : null,
    },
  });
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;

  const settleAll = (error: Error) => {
    dead ??= error;
    for (const { reject } of pending.values()) reject(dead);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    waiting?.resolve(reply);
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`the database worker exited (${code})`)));

  const request = (id: number, send: () => void): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (dead) return reject(dead);
      pending.set(id, { resolve, reject });
      send();
    });
  const unwrap = (reply: Reply): Uint8Array | undefined => {
    if (reply.ok) return reply.result === undefined ? undefined : new Uint8Array(reply.result);
    throw Object.assign(new Error(reply.error.message), reply.error);
  };
  const call = async (type: 'exec' | 'dump' | 'close', message?: Uint8Array) => {
    const id = nextId++;
    return unwrap(
      await request(id, () =>
        worker.postMessage({ id, type, message }, message ? [message.buffer as ArrayBuffer] : []),
      ),
    );
  };

  const opened = await request(0, () => {});
  if (!opened.ok) {
    await worker.terminate();
    unwrap(opened);
  }
  return {
    async execProtocolRaw(message) {
      // The message is transferred, not copied: a copy keeps the caller's buffer usable.
      return (await call('exec', message.slice())) ?? new Uint8Array();
    },
    async dumpDataDir() {
      return new Blob([(await call('dump')) ?? new Uint8Array()]);
    },
    async close() {
      try {
        if (!dead) await call('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}
