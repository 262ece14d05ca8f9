import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticProcessingStatus, JobStatus } from '@aerie/contract';
import { readBundle, type KdpError, type ParsedKeyring } from '@aerie/kdp';
import { flipBit, makeKeyring } from '@aerie/kdp/testing';
import { createFilesystemBlobStore, type BlobStore } from '../../adapters/blob-store.js';
import { ConflictError } from '../../plugins/errors.js';
import { packBundle } from '../../test/diagnostic-bundles.js';
import {
  createBundleProcessor,
  STREAMING_PREFIX,
  type BundleProcessorDeps,
} from './bundle-processor.js';
import type { BundleIndexer } from './bundle-indexers.js';
import { canUnpackInWorker, type StreamingUnpack } from './bundle-unpack-worker.js';
import { asBundleIndexer, createContentIndexes, indexPrefix } from './content-indexes.js';
import { logLineIndexer } from './logs/log-indexer.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { LowDiskSpaceError } from './disk-space.js';
import type { DiagnosticEntryRow, DiagnosticFileRow } from './diagnostics.repository.js';

const keys: ParsedKeyring = { keyring: makeKeyring('kdp-1'), currentKeyId: 'kdp-1' };
const SERIAL = 'KYM-2411234';
const FILE_ID = '11111111-1111-4111-8111-111111111111';

let root: string;
let blobs: BlobStore;
let quarantineDir: string;

/** The file's row and job as the fakes keep them, and what the processor asked of them. */
interface World {
  file: DiagnosticFileRow;
  job: { status: JobStatus; result: unknown; progress: number[] };
  entries: DiagnosticEntryRow[];
  deps: BundleProcessorDeps;
}

async function world(
  bytes: Buffer,
  options: { status?: DiagnosticProcessingStatus; jobStatus?: JobStatus; blobs?: BlobStore } = {},
): Promise<World> {
  const inWorker = mode === 'worker';
  const fileName = `${SERIAL}_20261122120000.kdp`;
  await blobs.write(`diagnostics/${SERIAL}/${fileName}`, Readable.from([bytes]));
  const w: Omit<World, 'deps'> = {
    file: {
      id: FILE_ID,
      antennaSerial: SERIAL,
      fileName,
      fileHash: '0'.repeat(32),
      fileSize: bytes.length,
      diagnosticCreatedOn: new Date('2026-11-22T12:00:00Z'),
      accountId: 'account',
      deviceId: null,
      uploadedOn: new Date(),
      status: options.status ?? 'Queued',
      statusMessage: null,
      jobId: 'job-1',
      uploadedByName: null,
    },
    job: { status: options.jobStatus ?? 'Queued', result: null, progress: [] },
    entries: [],
  };
  const finals: JobStatus[] = ['Success', 'Error', 'PartialSuccess'];
  const deps: BundleProcessorDeps = {
    // On a worker, the main thread never reads the bundle: the worker opens the local file.
    blobs: options.blobs ?? (inWorker ? { ...blobs, read: readOnTheMainThread } : blobs),
    unpackInWorker: inWorker,
    keyring: async () => keys,
    quarantineDir,
    progressIntervalMs: 60_000,
    log: { warn: () => {}, error: () => {} },
    repo: {
      async claim() {
        if (w.file.status !== 'Queued' && w.file.status !== 'Processing') return null;
        w.file.status = 'Processing';
        return { ...w.file };
      },
      async markReady(_db, _id, entries) {
        if (w.file.status !== 'Processing') return false;
        w.file.status = 'Ready';
        w.entries.splice(0, w.entries.length, ...entries);
        return true;
      },
      async markRejected(_db, _id, message) {
        if (w.file.status !== 'Queued' && w.file.status !== 'Processing') return false;
        w.file.status = 'Rejected';
        w.file.statusMessage = message;
        return true;
      },
      transaction: (work) => work({} as pg.PoolClient),
    },
    jobs: {
      async markRunning(id) {
        if (w.job.status !== 'Queued') throw new ConflictError(`${id} is ${w.job.status}`);
        w.job.status = 'Running';
        return {} as never;
      },
      async finish(id, status, result) {
        if (finals.includes(w.job.status)) throw new ConflictError(`${id} is ${w.job.status}`);
        w.job.status = status;
        w.job.result = result;
        return {} as never;
      },
      async reportProgress(_id, fraction) {
        if (w.job.status !== 'Running') return false;
        w.job.progress.push(fraction);
        return true;
      },
    },
  };
  return { ...w, deps };
}

async function readOnTheMainThread(): Promise<Readable> {
  throw new Error('the bundle was read on the main thread');
}

/** How the processor unpacks in this run of the tests (describe.each below). */
let mode: 'worker' | 'in-thread' = 'worker';

const published = () => path.join(root, 'blobs', 'objects', 'diagnostics-content', FILE_ID);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'aerie-processor-'));
  blobs = createFilesystemBlobStore(path.join(root, 'blobs'));
  quarantineDir = path.join(root, 'quarantine');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const goodBundle = () =>
  packBundle(keys, {
    antennaSerial: SERIAL,
    takenAt: new Date('2026-11-22T12:00:00Z'),
    chunkSize: 1024,
  });

// The worker runs @aerie/kdp's build (packages/kdp/dist): without one, its variant is skipped.
const unpackModes = canUnpackInWorker()
  ? (['worker', 'in-thread'] as const)
  : (['in-thread'] as const);

describe.each(unpackModes)('the bundle processor (unpack %s)', (unpack) => {
  beforeEach(() => {
    mode = unpack;
  });

  it('publishes a good bundle, Ready with its entries, the job Success, progress in steps up to 1', async () => {
    const { bytes } = await goodBundle();
    // The store hands out the bundle in small pieces, so progress has steps to report.
    async function* pieces(stream: Readable): AsyncGenerator<Buffer> {
      for await (const chunk of stream) {
        const b = chunk as Buffer;
        for (let at = 0; at < b.length; at += 256) yield b.subarray(at, at + 256);
      }
    }
    // (The worker reads the local file in pieces of 1 MiB: this bundle is one piece.)
    const w = await world(bytes, {
      blobs: {
        ...blobs,
        localPath: () => null,
        read: async (key) => Readable.from(pieces(await blobs.read(key))),
      },
    });
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Ready');
    expect(w.job.status).toBe('Success');
    expect(w.job.result).toMatchObject({ status: 'Ready', entries: w.entries.length });
    expect(w.entries.map((e) => e.path)).toContain('overview/Serial');
    expect(await readFile(path.join(published(), 'overview', 'Serial'), 'utf8')).toBe(
      `${SERIAL}\n`,
    );
    expect(await readdir(quarantineDir)).toEqual([]);
    // Every 5 % at most (the time trigger is an hour away here), rising, then 1.
    const p = w.job.progress;
    expect(p.length).toBeGreaterThan(2);
    expect(p.length).toBeLessThanOrEqual(22);
    expect(p.at(-1)).toBe(1);
    for (let i = 1; i < p.length; i++) expect(p[i]! - p[i - 1]!).toBeGreaterThan(0);
  });

  it('starts a retry clean: a stale quarantine and contents published by a lost attempt are removed', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes, { status: 'Processing', jobStatus: 'Running' });
    await mkdir(path.join(quarantineDir, FILE_ID, 'logs'), { recursive: true });
    await writeFile(path.join(quarantineDir, FILE_ID, 'logs', 'half-written'), 'x');
    await blobs.write(`diagnostics-content/${FILE_ID}/stale`, Readable.from(['stale']));
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Ready');
    expect(w.job.status).toBe('Success');
    expect(existsSync(path.join(published(), 'stale'))).toBe(false);
    expect(existsSync(path.join(published(), 'logs', 'half-written'))).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it('leaves a file that already ended alone', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes, { status: 'Rejected', jobStatus: 'Error' });
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Rejected');
    expect(existsSync(published())).toBe(false);
  });

  it('throws on an abort (the server closing) for the queue to retry, leaving nothing', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    const controller = new AbortController();
    controller.abort(new Error('closing'));
    await expect(createBundleProcessor(w.deps).run(FILE_ID, controller.signal)).rejects.toThrow();
    expect(w.file.status).toBe('Processing');
    expect(w.job.status).toBe('Running');
    expect(existsSync(path.join(quarantineDir, FILE_ID))).toBe(false);
    expect(existsSync(published())).toBe(false);
  });

  it('waits for free disk space: below the reserve it throws for the queue to retry, rejecting nothing', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    let room = false;
    w.deps.space = { allows: async (extra) => room && extra === 0 };
    const processor = createBundleProcessor(w.deps);
    await expect(processor.run(FILE_ID, new AbortController().signal)).rejects.toThrow(
      LowDiskSpaceError,
    );
    expect(w.file.status).toBe('Processing');
    expect(w.job.status).toBe('Queued');
    expect(existsSync(path.join(quarantineDir, FILE_ID))).toBe(false);
    // A retry once there is room processes it.
    room = true;
    await processor.run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Ready');
  });

  it('rejects with the disk-full message when the disk fills up, leaving nothing published', async () => {
    const { bytes } = await goodBundle();
    const full: BlobStore = {
      ...blobs,
      publishDirectory: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    const w = await world(bytes, { blobs: full });
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file).toMatchObject({ status: 'Rejected', statusMessage: S.diskFull });
    expect(w.job).toMatchObject({ status: 'Error', result: { code: 'disk-full' } });
    expect(existsSync(published())).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  describe('indexers', () => {
    /** An indexer that records what it saw of the quarantine, failing with `error` if given. */
    function indexer(error?: Error) {
      const seen: { fileId: string; serial: string; published: boolean }[] = [];
      const discarded: string[] = [];
      const use: BundleIndexer = {
        name: 'test',
        async build({ fileId, dir }) {
          seen.push({
            fileId,
            serial: await readFile(path.join(dir, 'overview', 'Serial'), 'utf8'),
            published: existsSync(published()),
          });
          if (error) throw error;
        },
        async discard(fileId) {
          discarded.push(fileId);
        },
      };
      return { use, seen, discarded };
    }

    it('run over the whole quarantine before it is published', async () => {
      const { bytes } = await goodBundle();
      const w = await world(bytes);
      const a = indexer();
      await createBundleProcessor({ ...w.deps, indexers: [a.use] }).run(
        FILE_ID,
        new AbortController().signal,
      );
      expect(w.file.status).toBe('Ready');
      expect(a.seen).toEqual([{ fileId: FILE_ID, serial: `${SERIAL}\n`, published: false }]);
      // A run starts by discarding what an earlier, interrupted run may have left.
      expect(a.discarded).toEqual([FILE_ID]);
    });

    it('a failing indexer is logged and the bundle published without its index', async () => {
      const { bytes } = await goodBundle();
      const w = await world(bytes);
      const warnings: string[] = [];
      const failing = indexer(new Error('a bug'));
      const next = indexer();
      await createBundleProcessor({
        ...w.deps,
        indexers: [failing.use, next.use],
        log: { warn: (_o, msg) => warnings.push(msg), error: () => {} },
      }).run(FILE_ID, new AbortController().signal);
      expect(w.file.status).toBe('Ready');
      expect(next.seen).toHaveLength(1);
      expect(warnings).toEqual(['a diagnostic bundle is published without its index']);
    });

    it('a full disk while indexing rejects the bundle and discards the indexes', async () => {
      const { bytes } = await goodBundle();
      const w = await world(bytes);
      const full = indexer(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
      await createBundleProcessor({ ...w.deps, indexers: [full.use] }).run(
        FILE_ID,
        new AbortController().signal,
      );
      expect(w.file).toMatchObject({ status: 'Rejected', statusMessage: S.diskFull });
      // At the start of the run, then after the failure.
      expect(full.discarded).toEqual([FILE_ID, FILE_ID]);
      expect(existsSync(published())).toBe(false);
      expect(await readdir(quarantineDir)).toEqual([]);
    });
  });

  it('rejects a bundle whose stored bytes are gone', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    await blobs.remove(`diagnostics/${SERIAL}/${w.file.fileName}`);
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file).toMatchObject({ status: 'Rejected', statusMessage: S.bundleMissing });
    expect(w.job).toMatchObject({ status: 'Error', result: { code: 'missing' } });
  });

  it('rejects with a plain message when publishing fails, leaving nothing published', async () => {
    const { bytes } = await goodBundle();
    const failing: BlobStore = {
      ...blobs,
      publishDirectory: async () => {
        throw new Error('disk full');
      },
    };
    const w = await world(bytes, { blobs: failing });
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file).toMatchObject({ status: 'Rejected', statusMessage: S.processingFailed });
    expect(existsSync(published())).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it("rejects a bundle with a flipped bit with the reader's own message, publishing nothing", async () => {
    const { bytes } = await goodBundle();
    const damaged = flipBit(bytes, bytes.length - 100);
    const expected = await (async () => {
      try {
        for await (const entry of readBundle(Readable.from([damaged]), { keyring: keys.keyring }))
          entry.body.resume();
      } catch (error) {
        return error as KdpError;
      }
      throw new Error('the damaged bundle was read');
    })();
    expect(expected.message).toMatch(/authentication/);
    const w = await world(damaged);
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file).toMatchObject({ status: 'Rejected', statusMessage: expected.message });
    expect(w.job).toMatchObject({
      status: 'Error',
      result: { status: 'Rejected', code: 'authentication-failed', message: expected.message },
    });
    expect(existsSync(published())).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it('marks the file Ready even when its job was ended by someone else', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes, { jobStatus: 'Running' });
    w.job.status = 'Error';
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Ready');
    expect(w.job.status).toBe('Error');
  });

  it("builds the contents' indexes before publishing, beside the contents; a retry starts them clean", async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes, { status: 'Processing', jobStatus: 'Running' });
    const seen: string[][] = [];
    const indexes = createContentIndexes({
      blobs,
      quarantineDir,
      log: w.deps.log,
      indexers: [
        logLineIndexer,
        {
          name: 'probe',
          // Runs after every entry is written and before anything is published.
          async build({ contentDir, entries }) {
            expect(existsSync(published())).toBe(false);
            seen.push((await readdir(contentDir, { recursive: true })).sort());
            expect(entries.map((e) => e.path)).toContain('logs/syslog');
          },
        },
      ],
    });
    await blobs.write(`${indexPrefix(FILE_ID)}/stale`, Readable.from(['stale']));
    await createBundleProcessor({ ...w.deps, indexers: [asBundleIndexer(indexes)] }).run(
      FILE_ID,
      new AbortController().signal,
    );
    expect(w.file.status).toBe('Ready');
    expect(seen[0]).toContain(path.join('logs', 'syslog'));
    const index = path.join(root, 'blobs', 'objects', 'diagnostics-index', FILE_ID);
    expect(existsSync(path.join(index, 'stale'))).toBe(false);
    expect(existsSync(path.join(index, 'lines', 'logs', 'syslog.lidx'))).toBe(true);
    expect(existsSync(path.join(index, 'lines', 'logs', 'debug.lidx'))).toBe(true);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it('publishes a bundle whose indexer fails, without that index (it is built when needed)', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    const errors: string[] = [];
    const indexes = createContentIndexes({
      blobs,
      quarantineDir,
      log: { warn: () => {}, error: (_o, msg) => errors.push(msg) },
      indexers: [
        {
          name: 'broken',
          build: async ({ outDir }) => {
            await writeFile(path.join(outDir, 'half'), 'x');
            throw new Error('no');
          },
        },
        logLineIndexer,
      ],
    });
    await createBundleProcessor({ ...w.deps, indexers: [asBundleIndexer(indexes)] }).run(
      FILE_ID,
      new AbortController().signal,
    );
    expect(w.file.status).toBe('Ready');
    expect(errors).toEqual(['a content index failed']);
    const index = path.join(root, 'blobs', 'objects', 'diagnostics-index', FILE_ID);
    expect(existsSync(path.join(index, 'broken'))).toBe(false);
    expect(existsSync(path.join(index, 'lines', 'logs', 'syslog.lidx'))).toBe(true);
  });

  it('removes the indexes with the contents when publishing fails', async () => {
    const { bytes } = await goodBundle();
    const failing: BlobStore = {
      ...blobs,
      publishDirectory: async (dir, prefix) => {
        if (prefix.startsWith('diagnostics-content/')) throw new Error('disk full');
        return blobs.publishDirectory(dir, prefix);
      },
    };
    const w = await world(bytes, { blobs: failing });
    const indexes = createContentIndexes({
      blobs: failing,
      quarantineDir,
      log: w.deps.log,
      indexers: [logLineIndexer],
    });
    await createBundleProcessor({ ...w.deps, indexers: [asBundleIndexer(indexes)] }).run(
      FILE_ID,
      new AbortController().signal,
    );
    expect(w.file.status).toBe('Rejected');
    expect(existsSync(path.join(root, 'blobs', 'objects', 'diagnostics-index', FILE_ID))).toBe(
      false,
    );
    expect(await readdir(quarantineDir)).toEqual([]);
  });
});

/** The files this process holds open under `dir` (Linux). */
async function openFilesUnder(dir: string): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((t) => t.startsWith(dir));
}

let larger: ReturnType<typeof packBundle> | undefined;
/** A bundle of a few MiB (packed once): the worker reads it in several pieces of 1 MiB. */
const largerBundle = () =>
  (larger ??= packBundle(keys, {
    antennaSerial: SERIAL,
    takenAt: new Date('2026-11-22T12:00:00Z'),
    logLines: 400_000,
  }));

describe.runIf(canUnpackInWorker())('the bundle processor on its worker thread', () => {
  beforeEach(() => {
    mode = 'worker';
  });

  it('reports progress from the worker in steps up to 1', async () => {
    const { bytes } = await largerBundle();
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const w = await world(bytes);
    await createBundleProcessor(w.deps).run(FILE_ID, new AbortController().signal);
    expect(w.file.status).toBe('Ready');
    const p = w.job.progress;
    expect(p.length).toBeGreaterThan(2);
    expect(p[0]).toBeLessThan(1);
    expect(p.at(-1)).toBe(1);
    // The reader's last piece may report 1 before publishing does.
    for (let i = 1; i < p.length; i++) expect(p[i]!).toBeGreaterThanOrEqual(p[i - 1]!);
  });

  it('terminates the worker on an abort mid-bundle and leaves no quarantine or open file', async () => {
    const { bytes } = await largerBundle();
    const w = await world(bytes);
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const controller = new AbortController();
    const report = w.deps.jobs.reportProgress;
    w.deps.jobs.reportProgress = async (id, fraction) => {
      // The first progress: the worker is unpacking.
      controller.abort(new Error('closing'));
      return report(id, fraction);
    };
    try {
      await expect(createBundleProcessor(w.deps).run(FILE_ID, controller.signal)).rejects.toThrow(
        'closing',
      );
      expect(terminate).toHaveBeenCalled();
    } finally {
      terminate.mockRestore();
    }
    expect(w.file.status).toBe('Processing');
    expect(w.job.status).toBe('Running');
    // Nothing written after the rejection either: the worker is gone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(path.join(quarantineDir, FILE_ID))).toBe(false);
    expect(existsSync(published())).toBe(false);
    expect(await openFilesUnder(root)).toEqual([]);
  });
});

/** The bytes as an upload hands them over: pieces of 64 KiB. */
async function* uploadPieces(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

/** Passes `bytes` through the unpack's tee, as the upload does; what came out the other side. */
async function uploadThrough(unpack: StreamingUnpack, bytes: Buffer): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(uploadPieces(bytes)), unpack.tee, async (source) => {
    for await (const chunk of source) out.push(chunk as Buffer);
  });
  return Buffer.concat(out);
}

describe.runIf(canUnpackInWorker())('a bundle unpacked while it uploads', () => {
  beforeEach(() => {
    mode = 'worker';
  });

  it('publishes it without reading the stored bundle: Ready, the job Success, progress up to 1', async () => {
    const { bytes } = await largerBundle();
    const w = await world(bytes);
    // The stored bundle is never opened: neither read nor handed to a worker as a file.
    w.deps.blobs = { ...w.deps.blobs, localPath: () => null, read: readOnTheMainThread };
    w.deps.progressIntervalMs = 0;
    const processor = createBundleProcessor(w.deps);
    const unpack = await processor.startStreaming();
    expect(unpack).not.toBeNull();
    const dir = unpack!.dir;
    expect(path.basename(dir).startsWith(STREAMING_PREFIX)).toBe(true);
    // The upload's own bytes pass unchanged.
    expect((await uploadThrough(unpack!, bytes)).equals(bytes)).toBe(true);
    await processor.adopt(FILE_ID, unpack!);
    expect(w.file.status).toBe('Ready');
    expect(w.job).toMatchObject({
      status: 'Success',
      result: { status: 'Ready', entries: w.entries.length, unpackedWhileUploading: true },
    });
    expect(await readFile(path.join(published(), 'overview', 'Serial'), 'utf8')).toBe(
      `${SERIAL}\n`,
    );
    const expected: string[] = [];
    for await (const entry of readBundle(Readable.from([bytes]), { keyring: keys.keyring })) {
      expected.push(entry.path);
      entry.body.resume();
    }
    expect(w.entries.map((e) => e.path).sort()).toEqual(expected.sort());
    expect(w.job.progress.at(-1)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it("rejects a flipped bit with the reader's own message, publishing nothing", async () => {
    const { bytes } = await largerBundle();
    const damaged = flipBit(bytes, Math.floor(bytes.length / 2));
    const w = await world(damaged);
    w.deps.blobs = { ...w.deps.blobs, localPath: () => null, read: readOnTheMainThread };
    const processor = createBundleProcessor(w.deps);
    const unpack = (await processor.startStreaming())!;
    // The upload goes on to its end although the worker has stopped.
    expect((await uploadThrough(unpack, damaged)).length).toBe(damaged.length);
    await processor.adopt(FILE_ID, unpack);
    expect(w.file).toMatchObject({ status: 'Rejected' });
    expect(w.file.statusMessage).toMatch(/authentication/);
    expect(w.job).toMatchObject({
      status: 'Error',
      result: { status: 'Rejected', code: 'authentication-failed' },
    });
    expect(existsSync(published())).toBe(false);
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it('processes the stored bundle when the worker failed for another reason', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    const warnings: string[] = [];
    w.deps.log = { warn: (_o, msg) => warnings.push(msg), error: () => {} };
    const processor = createBundleProcessor(w.deps);
    const unpack = (await processor.startStreaming())!;
    // The unpack's folder is a file now (as if the disk failed): its worker cannot write, the
    // upload completes all the same.
    await rm(unpack.dir, { recursive: true });
    await writeFile(unpack.dir, '');
    expect((await uploadThrough(unpack, bytes)).equals(bytes)).toBe(true);
    await expect(unpack.result).rejects.toThrow(/The unpack worker failed/);
    await processor.adopt(FILE_ID, unpack);
    expect(warnings).toEqual(['the unpack while uploading failed; processing the stored bundle']);
    expect(w.file.status).toBe('Ready');
    expect(w.job.result).toMatchObject({ status: 'Ready', unpackedWhileUploading: false });
    expect(await readdir(quarantineDir)).toEqual([]);
  });

  it('does not start below the disk reserve: the queue processes the upload instead', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    w.deps.space = { allows: async () => false };
    expect(await createBundleProcessor(w.deps).startStreaming()).toBeNull();
    expect(await readdir(quarantineDir).catch(() => [])).toEqual([]);
  });

  it('makes the upload wait while the ring is full', async () => {
    const { bytes } = await largerBundle();
    const { startStreamingUnpack } = await import('./bundle-unpack-worker.js');
    const dir = path.join(root, 'ring');
    await mkdir(dir);
    const ringBytes = 256 * 1024;
    const pieceBytes = 64 * 1024;
    const unpack = startStreamingUnpack(
      { keyring: keys.keyring, limits: {}, dir },
      { ringBytes, pieceBytes },
    );
    let read = 0;
    unpack.onRead((n) => {
      read = n;
    });
    let passed = 0;
    let ahead = 0;
    await pipeline(Readable.from(uploadPieces(bytes)), unpack.tee, async (source) => {
      for await (const chunk of source) {
        passed += (chunk as Buffer).length;
        ahead = Math.max(ahead, passed - read);
      }
    });
    // Never more than the ring, the piece being filled and the upload's chunk ahead of the
    // unpack's reader.
    expect(ahead).toBeLessThanOrEqual(ringBytes + pieceBytes + 64 * 1024);
    expect(ahead).toBeGreaterThan(0);
    expect((await unpack.result).length).toBeGreaterThan(5);
    await unpack.discard();
    expect(existsSync(dir)).toBe(false);
  });

  it(`runs at most maxStreaming at once; beyond that the queue processes the upload`, async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    const processor = createBundleProcessor({ ...w.deps, maxStreaming: 2 });
    const first = (await processor.startStreaming())!;
    const second = (await processor.startStreaming())!;
    expect(await processor.startStreaming()).toBeNull();
    await first.discard();
    const third = await processor.startStreaming();
    expect(third).not.toBeNull();
    await Promise.all([second.discard(), third!.discard()]);
    expect(await readdir(quarantineDir)).toEqual([]);
    expect(await createBundleProcessor({ ...w.deps, unpackInWorker: false }).startStreaming()).toBe(
      null,
    );
  });

  it('closing while it publishes leaves the file for the next start, logging no error', async () => {
    const { bytes } = await goodBundle();
    const w = await world(bytes);
    const errors: string[] = [];
    const warnings: string[] = [];
    w.deps.log = { warn: (_o, msg) => warnings.push(msg), error: (_o, msg) => errors.push(msg) };
    let processor: ReturnType<typeof createBundleProcessor> | null = null;
    w.deps.blobs = {
      ...w.deps.blobs,
      // The server closes as the contents are published: the quarantine goes from under it.
      publishDirectory: async () => {
        void processor?.close();
        throw Object.assign(new Error('ENOENT: no such file or directory, scandir'), {
          code: 'ENOENT',
        });
      },
    };
    processor = createBundleProcessor(w.deps);
    const unpack = (await processor.startStreaming())!;
    await uploadThrough(unpack, bytes);
    await processor.adopt(FILE_ID, unpack);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['a diagnostic bundle was left for the next start']);
    expect(w.file.status).toBe('Processing');
  });

  it('stops on close, leaving the file Processing for the next start, and sweeps stale folders there', async () => {
    const { bytes } = await largerBundle();
    const w = await world(bytes);
    const processor = createBundleProcessor(w.deps);
    const unpack = (await processor.startStreaming())!;
    // Half the bundle uploaded, the rest still to come, when the server closes while the
    // processor holds the file.
    unpack.tee.resume();
    unpack.tee.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    const adopted = processor.adopt(FILE_ID, unpack);
    // The worker is unpacking: the job has its first progress.
    await vi.waitFor(() => expect(w.job.progress.length).toBeGreaterThan(0));
    await processor.close();
    await adopted;
    await expect(unpack.result).rejects.toThrow('discarded');
    expect(w.file.status).toBe('Processing');
    expect(w.job.status).toBe('Running');
    expect(existsSync(unpack.dir)).toBe(false);
    expect(existsSync(published())).toBe(false);
    expect(await processor.startStreaming()).toBeNull();
    // A crash leaves a folder behind; the next start removes it, and only it.
    await mkdir(path.join(quarantineDir, `${STREAMING_PREFIX}stale`, 'logs'), { recursive: true });
    await mkdir(path.join(quarantineDir, FILE_ID));
    const next = createBundleProcessor(w.deps);
    expect(await next.sweepStreaming()).toBe(1);
    expect(await readdir(quarantineDir)).toEqual([FILE_ID]);
  });
});
