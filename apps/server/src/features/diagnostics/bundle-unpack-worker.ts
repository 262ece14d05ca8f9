import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { KdpError, type KdpErrorCode } from '@aerie/kdp';
import { BlobNotFoundError } from '../../adapters/blob-store.js';
import { INFLATE_CHUNK_BYTES, type UnpackedEntry, type UnpackOptions } from './bundle-unpack.js';

/*
 * Unpacking a bundle on a worker thread (decision 039, docs/performance.md "Diagnostic
 * bundles"): on the main thread, which also serves HTTP and talks to PGlite, the unpack's
 * short-lived buffers filled V8's small heap margin and caused a full GC of the server's heap
 * every few hundred ms, and it shared one event loop with every request: half the speed of the
 * same code in a plain process. A worker has its own heap and event loop.
 *
 * NOTE: the worker's code is CommonJS run with `eval` (as the database and fleet map workers'):
 * a worker file would be `.ts` under the tests, which run the sources, and `.js` in the build.
 * It imports @aerie/kdp's build (packages/kdp/dist) by absolute path; without a build (tests of
 * the sources on a fresh checkout) the unpack runs on the main thread instead.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { constants } = require('node:fs');
const { mkdir, open } = require('node:fs/promises');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const MISSING = ['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP'];

function inside(root, entryPath) {
  const target = path.resolve(root, ...entryPath.split('/'));
  if (!target.startsWith(root + path.sep)) {
    throw new Error('The entry ' + JSON.stringify(entryPath) + ' would be written outside its folder.');
  }
  return target;
}

async function* counted(source) {
  let read = 0;
  for await (const chunk of source) {
    read += chunk.length;
    parentPort.postMessage({ type: 'progress', read });
    yield chunk;
  }
}

async function unpack(kdp) {
  const { bundlePath, dir, limits, readChunk, writeChunk, inflateChunk } = workerData;
  const keyring = {};
  for (const [id, key] of Object.entries(workerData.keyring)) {
    keyring[id] = Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  }
  let bundle;
  try {
    bundle = await open(bundlePath, constants.O_RDONLY | constants.O_NOFOLLOW);
    if (!(await bundle.stat()).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
  } catch (error) {
    await bundle?.close();
    if (MISSING.includes(error && error.code)) throw { kind: 'missing', message: String(error.message) };
    throw error;
  }
  const source = bundle.createReadStream({ highWaterMark: readChunk });
  const entries = [];
  try {
    const read = kdp.createBundleReader({ keyring, limits, inflateChunkSize: inflateChunk });
    for await (const entry of read(counted(source))) {
      const target = inside(dir, entry.path);
      if (entry.type === 'directory') {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Created exclusively, never through a link: the reader hands out each path once.
      const handle = await open(target, CREATE, 0o640);
      await pipeline(entry.body, handle.createWriteStream({ highWaterMark: writeChunk }));
      entries.push({ path: entry.path, size: entry.size, mtime: entry.mtime.getTime() });
    }
  } finally {
    source.destroy();
  }
  return entries;
}

import(workerData.kdp)
  .then((kdp) =>
    unpack(kdp).then(
      (entries) => parentPort.postMessage({ type: 'done', entries }),
      (error) =>
        parentPort.postMessage({
          type: 'error',
          error: kdp.isKdpError(error)
            ? { kind: 'kdp', code: error.code, message: error.message }
            : error && error.kind === 'missing'
              ? error
              : { kind: 'failed', message: String((error && error.stack) || error) },
        }),
    ),
  )
  .catch((error) =>
    parentPort.postMessage({ type: 'error', error: { kind: 'failed', message: String(error) } }),
  );
`;

type WorkerError =
  | { kind: 'kdp'; code: KdpErrorCode; message: string }
  | { kind: 'missing' | 'failed'; message: string };

type WorkerMessage =
  | { type: 'progress'; read: number }
  | { type: 'done'; entries: { path: string; size: number; mtime: number }[] }
  | { type: 'error'; error: WorkerError };

let kdpBuild: string | null | undefined;

/** @aerie/kdp's build as a file URL, or null when it is not built (tests of the sources). */
function builtKdp(): string | null {
  if (kdpBuild === undefined) {
    try {
      kdpBuild = pathToFileURL(createRequire(import.meta.url).resolve('@aerie/kdp')).href;
    } catch {
      kdpBuild = null;
    }
  }
  return kdpBuild;
}

/** Whether unpacks can run on a worker thread here (the reader's build is there). */
export function canUnpackInWorker(): boolean {
  return builtKdp() !== null;
}

/** The worker's error as the main thread's: a KdpError keeps its code and message. */
function asError(error: WorkerError, bundlePath: string): Error {
  if (error.kind === 'kdp') return new KdpError(error.code, error.message);
  if (error.kind === 'missing') return new BlobNotFoundError(bundlePath);
  return new Error(`The unpack worker failed: ${error.message}`);
}

const validDate = (ms: number): Date => new Date(Number.isNaN(ms) ? 0 : ms);

/**
 * Unpacks the bundle at `bundlePath` (a local file) into `options.dir` on a worker thread, one
 * worker per call: resolves with the entries once the reader ended cleanly; rejects with the
 * KdpError (code and message as the reader threw it), BlobNotFoundError when the file is gone,
 * or an Error. An abort terminates the worker (its open files are closed) and rejects with the
 * signal's reason.
 */
export function unpackInWorker(
  bundlePath: string,
  { keyring, limits, dir, signal, onRead }: UnpackOptions,
): Promise<UnpackedEntry[]> {
  const kdp = builtKdp();
  if (kdp === null) return Promise.reject(new Error('@aerie/kdp is not built'));
  const aborted = (): Error =>
    signal.reason instanceof Error ? signal.reason : new Error('The unpack was aborted.');
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(aborted());
      return;
    }
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        kdp,
        bundlePath,
        dir,
        limits,
        // Each key copied into its own memory (a Buffer may be a view of a shared pool); the
        // worker wraps them as Buffers again.
        keyring: Object.fromEntries(
          Object.entries(keyring).map(([id, key]) => [id, new Uint8Array(key)]),
        ),
        readChunk: 1024 * 1024,
        writeChunk: 1024 * 1024,
        inflateChunk: INFLATE_CHUNK_BYTES,
      },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      // Whatever the outcome, the worker is done: wait for its files to be closed first.
      void worker.terminate().then(outcome, outcome);
    };
    const abort = () => settle(() => reject(aborted()));
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'progress') onRead(message.read);
      else if (message.type === 'done') {
        const entries = message.entries.map((e) => ({ ...e, mtime: validDate(e.mtime) }));
        settle(() => resolve(entries));
      } else settle(() => reject(asError(message.error, bundlePath)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The unpack worker exited (${code}) before it ended.`))),
    );
  });
}
