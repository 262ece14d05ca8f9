import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
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

// The bundle's bytes as the main thread hands them over while the upload streams: pieces of a
// shared ring (workerData.ring), each copied into this thread's own memory only when the reader
// asks for it (the ring, not this heap, holds what waits), its slot freed at once; then an end.
function posted() {
  const ring = Buffer.from(workerData.ring);
  const pieces = [];
  let ended = false;
  let wake = null;
  parentPort.on('message', (message) => {
    if (message.type === 'chunk') pieces.push(message);
    else if (message.type === 'end') ended = true;
    if (wake) {
      const w = wake;
      wake = null;
      w();
    }
  });
  return (async function* () {
    for (;;) {
      if (pieces.length > 0) {
        const { offset, length } = pieces.shift();
        const copy = Buffer.allocUnsafeSlow(length);
        ring.copy(copy, 0, offset, offset + length);
        parentPort.postMessage({ type: 'free', offset });
        yield copy;
      } else if (ended) return;
      else await new Promise((resolve) => (wake = resolve));
    }
  })();
}

async function openBundle(bundlePath, readChunk) {
  let bundle;
  try {
    bundle = await open(bundlePath, constants.O_RDONLY | constants.O_NOFOLLOW);
    if (!(await bundle.stat()).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
  } catch (error) {
    await bundle?.close();
    if (MISSING.includes(error && error.code)) throw { kind: 'missing', message: String(error.message) };
    throw error;
  }
  return bundle.createReadStream({ highWaterMark: readChunk });
}

async function unpack(kdp) {
  const { bundlePath, dir, limits, readChunk, writeChunk, inflateChunk } = workerData;
  const keyring = {};
  for (const [id, key] of Object.entries(workerData.keyring)) {
    keyring[id] = Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  }
  const source = bundlePath === null ? null : await openBundle(bundlePath, readChunk);
  const entries = [];
  try {
    const read = kdp.createBundleReader({
      keyring,
      limits,
      inflateChunkSize: inflateChunk,
      onRead: (read) => parentPort.postMessage({ type: 'progress', read }),
    });
    for await (const entry of read(source ?? posted())) {
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
    source?.destroy();
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
              : error && error.code === 'ENOSPC'
                ? { kind: 'full', message: String(error.message) }
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
  | { kind: 'missing' | 'full' | 'failed'; message: string };

type WorkerMessage =
  | { type: 'progress'; read: number }
  | { type: 'free'; offset: number }
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
function asError(error: WorkerError, bundlePath: string | null): Error {
  if (error.kind === 'kdp') return new KdpError(error.code, error.message);
  if (error.kind === 'missing') return new BlobNotFoundError(bundlePath ?? '');
  // The disk filled up: the same code as the file system's own error (isDiskFull).
  if (error.kind === 'full') return Object.assign(new Error(error.message), { code: 'ENOSPC' });
  return new Error(`The unpack worker failed: ${error.message}`);
}

const validDate = (ms: number): Date => new Date(Number.isNaN(ms) ? 0 : ms);

type Destination = Pick<UnpackOptions, 'keyring' | 'limits' | 'dir'>;

/** One worker unpacking one bundle, from a local file or from pieces of a shared ring. */
interface UnpackRun {
  /** Settles once the worker has ended (its files closed): the entries, or why not. */
  result: Promise<UnpackedEntry[]>;
  /** Hands the worker the bundle's next bytes: `length` bytes at `offset` of the ring. */
  post(offset: number, length: number): void;
  /** Tells the worker the bundle's bytes ended. */
  end(): void;
  /** Terminates the worker; the result rejects with `reason`. */
  stop(reason: Error): void;
}

/** Where the worker reads the bundle: a local file, or a ring it is handed pieces of. */
type Source =
  { bundlePath: string } | { ring: SharedArrayBuffer; onFree: (offset: number) => void };

function spawnUnpack(
  source: Source,
  { keyring, limits, dir }: Destination,
  onRead: (bytes: number) => void,
): UnpackRun {
  const bundlePath = 'bundlePath' in source ? source.bundlePath : null;
  const kdp = builtKdp();
  if (kdp === null) throw new Error('@aerie/kdp is not built');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      kdp,
      bundlePath,
      ring: 'ring' in source ? source.ring : null,
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
  let resolve!: (entries: UnpackedEntry[]) => void;
  let reject!: (error: Error) => void;
  const result = new Promise<UnpackedEntry[]>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const settle = (outcome: () => void) => {
    if (settled) return;
    settled = true;
    // Whatever the outcome, the worker is done: wait for its files to be closed first.
    void worker.terminate().then(outcome, outcome);
  };
  worker.on('message', (message: WorkerMessage) => {
    if (settled) return;
    if (message.type === 'progress') onRead(message.read);
    else if (message.type === 'free') {
      if ('onFree' in source) source.onFree(message.offset);
    } else if (message.type === 'done') {
      const entries = message.entries.map((e) => ({ ...e, mtime: validDate(e.mtime) }));
      settle(() => resolve(entries));
    } else settle(() => reject(asError(message.error, bundlePath)));
  });
  worker.on('error', (error) => settle(() => reject(error)));
  worker.on('exit', (code) =>
    settle(() => reject(new Error(`The unpack worker exited (${code}) before it ended.`))),
  );
  return {
    result,
    post(offset, length) {
      if (!settled) worker.postMessage({ type: 'chunk', offset, length });
    },
    end() {
      if (!settled) worker.postMessage({ type: 'end' });
    },
    stop(reason) {
      settle(() => reject(reason));
    },
  };
}

/**
 * Unpacks the bundle at `bundlePath` (a local file) into `options.dir` on a worker thread, one
 * worker per call: resolves with the entries once the reader ended cleanly; rejects with the
 * KdpError (code and message as the reader threw it), BlobNotFoundError when the file is gone,
 * or an Error. An abort terminates the worker (its open files are closed) and rejects with the
 * signal's reason.
 */
export async function unpackInWorker(
  bundlePath: string,
  { signal, onRead, ...destination }: UnpackOptions,
): Promise<UnpackedEntry[]> {
  const aborted = (): Error =>
    signal.reason instanceof Error ? signal.reason : new Error('The unpack was aborted.');
  if (signal.aborted) throw aborted();
  const run = spawnUnpack({ bundlePath }, destination, onRead);
  const abort = () => run.stop(aborted());
  signal.addEventListener('abort', abort, { once: true });
  try {
    return await run.result;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

/**
 * A bundle unpacked on a worker thread while it is uploaded (decision 039): the upload's bytes
 * pass through `tee` on their way to the blob store, and go to a worker meanwhile, which unpacks
 * them into `dir` as they come. The upload waits (backpressure) while the worker is a ring
 * behind, so memory stays bounded and a slow unpack slows the upload rather than piling up.
 * Once the worker failed, `tee` only passes the bytes on.
 */
export interface StreamingUnpack {
  /** The quarantine folder the worker writes into. */
  readonly dir: string;
  /** Put in the upload's pipeline: passes every byte through, and to the worker. */
  readonly tee: Transform;
  /**
   * The entries once the worker unpacked all the bytes `tee` passed (after `tee` ended);
   * rejects as unpackInWorker does, or with `discard`'s reason. Never an unhandled rejection.
   */
  readonly result: Promise<UnpackedEntry[]>;
  /** Who hears the bytes the worker read so far (the job's progress, once there is a job). */
  onRead(listener: (bytes: number) => void): void;
  /** Stops the worker and removes its folder. */
  discard(): Promise<void>;
}

/** The shared ring's size: how far the worker may lag behind the upload before it waits. */
const STREAM_RING_BYTES = 8 * 1024 * 1024;
/** The pieces handed to the worker (upload chunks are ~64 KiB: fewer messages). */
const STREAM_PIECE_BYTES = 256 * 1024;

/**
 * Starts a worker that unpacks into `dir` (exists, empty) the bytes that pass its `tee`. The
 * bytes go over a ring of shared memory, copied in here and out there when the worker's reader
 * wants them: what waits stays in the ring, and the worker's heap holds only what it works on.
 * (Memory handed over to another thread in a first version, and copies queued in the worker,
 * waited for its collector in tens of MB: docs/performance.md.) The upload waits while the ring
 * is full.
 */
export function startStreamingUnpack(
  destination: Destination,
  { ringBytes = STREAM_RING_BYTES, pieceBytes = STREAM_PIECE_BYTES } = {},
): StreamingUnpack {
  const ring = new SharedArrayBuffer(ringBytes - (ringBytes % pieceBytes));
  const ringView = Buffer.from(ring);
  const free = Array.from({ length: ring.byteLength / pieceBytes }, (_, i) => i * pieceBytes);
  let listener: (bytes: number) => void = () => {};
  let read = 0;
  let stopped = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const run = spawnUnpack(
    {
      ring,
      onFree: (offset) => {
        free.push(offset);
        wakeUp();
      },
    },
    destination,
    (bytes) => {
      read = bytes;
      listener(bytes);
    },
  );
  const ended = () => {
    stopped = true;
    wakeUp();
  };
  run.result.then(ended, ended);

  let slot: number | null = null;
  let filled = 0;
  const handOver = () => {
    if (slot === null || filled === 0) return;
    run.post(slot, filled);
    slot = null;
  };
  const pass = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length && !stopped;) {
      if (slot === null) {
        while (free.length === 0 && !stopped) {
          await new Promise<void>((resolve) => (wake = resolve));
        }
        if (stopped) return;
        slot = free.pop()!;
        filled = 0;
      }
      const n = chunk.copy(
        ringView,
        slot + filled,
        at,
        Math.min(chunk.length, at + pieceBytes - filled),
      );
      filled += n;
      at += n;
      if (filled === pieceBytes) handOver();
    }
  };
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (stopped) done(null, chunk);
      else pass(chunk).then(() => done(null, chunk), done);
    },
    flush(done) {
      if (!stopped) {
        handOver();
        run.end();
      }
      done();
    },
  });
  return {
    dir: destination.dir,
    tee,
    result: run.result,
    onRead(l) {
      listener = l;
      if (read > 0) l(read);
    },
    async discard() {
      run.stop(new Error('The unpack was discarded.'));
      await run.result.catch(() => {});
      await rm(destination.dir, { recursive: true, force: true });
    },
  };
}
