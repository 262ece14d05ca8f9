import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LogSequence } from '@aerie/logsearch';
import { segmentEnd, type LogScan, type ScanResult } from './log-scan.js';

/*
 * Filter searches on worker threads (decision 042, docs/performance.md "Log search (issue 19)"):
 * a search that finds few matches reads the whole log (a GiB takes a core about a second), so it
 * is cut into segments of lines searched on a pool of workers, one per core (two at most by
 * default), syslog's and debug's at once, and a log's next segments while its first is
 * searched. The event loop only hands out segments and collects their matches.
 *
 * NOTE: the worker's code is CommonJS run with `eval` (as the unpack and fleet map workers'):
 * a worker file would be `.ts` under the tests, which run the sources, and `.js` in the build.
 * It imports @aerie/logsearch's build (packages/logsearch/dist) by absolute path; without a
 * build, or for a blob store without local files, the search runs on the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { open } = require('node:fs/promises');

/** Logs opened recently (their files stay open a while for the log's next segments). */
const opened = new Map();
/** Patterns compiled recently (their DFA states are kept). */
const matchers = new Map();
const running = new Map();

function remember(map, key, value, max) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const [oldKey, old] = map.entries().next().value;
    map.delete(oldKey);
    if (old.close) old.close();
  }
  return value;
}

async function sequence(lib, files) {
  const key = JSON.stringify(files);
  const known = opened.get(key);
  if (known) {
    known.used = Date.now();
    return remember(opened, key, known, workerData.maxOpen).seq;
  }
  const handles = [];
  const access = async (handle) => ({
    size: (await handle.stat()).size,
    read: async (buffer, offset, length, position) =>
      (await handle.read(buffer, offset, length, position)).bytesRead,
  });
  try {
    const parts = [];
    for (const f of files) {
      const data = await open(f.data, 'r');
      handles.push(data);
      const index = await open(f.index, 'r');
      handles.push(index);
      parts.push({ name: f.name, data: await access(data), index: await lib.LineIndex.open(await access(index)) });
    }
    const entry = {
      seq: new lib.LogSequence('log', parts),
      used: Date.now(),
      close: () => Promise.all(handles.map((h) => h.close().catch(() => {}))),
    };
    return remember(opened, key, entry, workerData.maxOpen).seq;
  } catch (error) {
    await Promise.all(handles.map((h) => h.close().catch(() => {})));
    throw error;
  }
}

function matcher(lib, source, maxLength) {
  const key = maxLength + ':' + source;
  const known = matchers.get(key) || new lib.LineMatcher(lib.compileSearchPattern(source, { maxLength }));
  return remember(matchers, key, known, workerData.maxMatchers);
}

async function scan(lib, m) {
  const controller = new AbortController();
  running.set(m.id, controller);
  let found = new Float64Array(Math.min(m.limit, 4096) * 2);
  let count = 0;
  try {
    const seq = await sequence(lib, m.files);
    const resume = await lib.scanMatches(
      seq,
      matcher(lib, m.pattern, m.maxLength),
      m.from,
      m.to,
      (line, time) => {
        if (count * 2 >= found.length) {
          const grown = new Float64Array(found.length * 2);
          grown.set(found);
          found = grown;
        }
        found[count * 2] = line;
        found[count * 2 + 1] = time;
        count++;
        return count < m.limit;
      },
      { signal: controller.signal },
    );
    parentPort.postMessage({ id: m.id, ok: true, matches: found, count, resume, aborted: false }, [found.buffer]);
  } catch (error) {
    if (controller.signal.aborted) {
      const resume = count > 0 ? found[(count - 1) * 2] + 1 : m.from;
      parentPort.postMessage({ id: m.id, ok: true, matches: found, count, resume, aborted: true }, [found.buffer]);
    } else {
      parentPort.postMessage({ id: m.id, ok: false, message: String((error && error.stack) || error) });
    }
  } finally {
    running.delete(m.id);
  }
}

// Files left open for a minute without use are closed (a bundle removed frees its space).
setInterval(() => {
  for (const [key, entry] of opened) {
    if (Date.now() - entry.used > workerData.idleMs) {
      opened.delete(key);
      entry.close();
    }
  }
}, workerData.idleMs).unref();

import(workerData.logsearch).then(
  (lib) =>
    parentPort.on('message', (m) => {
      if (m.type === 'cancel') running.get(m.id)?.abort();
      else if (m.type === 'scan') void scan(lib, m);
    }),
  (error) => parentPort.postMessage({ id: 0, ok: false, fatal: true, message: String(error) }),
);
`;

/** A log file on local disk with its line index. */
export interface LocalLogFile {
  /** Its name in the bundle (`logs/syslog.0`). */
  readonly name: string;
  readonly data: string;
  readonly index: string;
}

type Reply =
  | {
      id: number;
      ok: true;
      matches: Float64Array;
      count: number;
      resume: number;
      aborted: boolean;
    }
  | { id: number; ok: false; message: string; fatal?: boolean };

interface Task {
  id: number;
  message: Record<string, unknown>;
  from: number;
  resolve: (r: ScanResult) => void;
  reject: (e: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

export interface ScanPoolOptions {
  /** Workers (default: one per core, at most two). */
  size?: number;
  /** The bytes of a segment (default 64 MiB). */
  segmentBytes?: number;
}

let logsearchBuild: string | null | undefined;

/** @aerie/logsearch's build as a file URL, or null when it is not built. */
function builtLogsearch(): string | null {
  if (logsearchBuild === undefined) {
    try {
      logsearchBuild = pathToFileURL(
        createRequire(import.meta.url).resolve('@aerie/logsearch'),
      ).href;
    } catch {
      logsearchBuild = null;
    }
  }
  return logsearchBuild;
}

/** The segment a worker searches at once: large enough that handing it out costs little. */
const SEGMENT_BYTES = 64 * 1024 * 1024;

/**
 * The pool of scan workers, started on first use; each searches one segment at a time, the
 * others wait their turn in order.
 */
export function createScanPool(options: ScanPoolOptions = {}) {
  const size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  const segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function settle(task: Task): void {
    task.signal?.removeEventListener('abort', task.onAbort);
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        logsearch: builtLogsearch(),
        maxOpen: 8,
        maxMatchers: 16,
        idleMs: 60_000,
      },
    });
    worker.unref();
    const slot: Slot = { worker, task: null };
    const fail = (error: Error) => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const task = slot.task;
      slot.task = null;
      if (task) {
        settle(task);
        task.reject(error);
      }
      void worker.terminate();
      pump();
    };
    worker.on('message', (reply: Reply) => {
      if (!reply.ok && reply.fatal) {
        fail(new Error(`The log search worker did not start: ${reply.message}`));
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      settle(task);
      if (reply.ok) {
        task.resolve({
          matches: reply.matches,
          count: reply.count,
          resume: reply.resume,
          aborted: reply.aborted,
        });
      } else task.reject(new Error(`The log search worker failed: ${reply.message}`));
      pump();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The log search worker exited (${code}).`)));
    slots.push(slot);
    return slot;
  }

  /** Hands waiting tasks to idle workers (starting workers up to the pool's size). */
  function pump(): void {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => s.task === null) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      const task = queue.shift() as Task;
      slot.task = task;
      slot.worker.postMessage(task.message);
    }
  }

  function run(message: Record<string, unknown>, from: number, signal?: AbortSignal) {
    return new Promise<ScanResult>((resolve, reject) => {
      if (closed) {
        reject(new Error('The log search workers were stopped.'));
        return;
      }
      const id = nextId++;
      const task: Task = {
        id,
        message: { type: 'scan', id, ...message },
        from,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const waiting = queue.indexOf(task);
          if (waiting >= 0) {
            // Never started: nothing found, nothing searched.
            queue.splice(waiting, 1);
            settle(task);
            resolve({ matches: new Float64Array(0), count: 0, resume: from, aborted: true });
          } else {
            slots.find((s) => s.task === task)?.worker.postMessage({ type: 'cancel', id });
          }
        },
      };
      if (signal?.aborted) {
        resolve({ matches: new Float64Array(0), count: 0, resume: from, aborted: true });
        return;
      }
      signal?.addEventListener('abort', task.onAbort, { once: true });
      queue.push(task);
      pump();
    });
  }

  return {
    size,
    /**
     * Starts the workers ahead of a search (the Search report asks for the log's dates first),
     * so that the first filter does not wait for them to start and load the engine.
     */
    warm(): void {
      if (closed || builtLogsearch() === null) return;
      while (slots.length < size) spawn();
    },

    /** Whether searches can run on the workers here (the engine's build is there). */
    available: (): boolean => builtLogsearch() !== null,

    /** A log's search for a pattern on the workers, its files read from local disk. */
    scan(
      seq: LogSequence,
      files: readonly LocalLogFile[],
      pattern: { source: string; maxLength: number },
    ): LogScan {
      const common = {
        files: files.map((f) => ({ name: f.name, data: f.data, index: f.index })),
        pattern: pattern.source,
        maxLength: pattern.maxLength,
      };
      return {
        parallel: size,
        segmentEnd: (from, to) => segmentEnd(seq, from, to, segmentBytes),
        run: (from, to, limit, signal) =>
          run({ ...common, from, to, limit: Math.min(limit, 1 << 20) }, from, signal),
      };
    },

    async close(): Promise<void> {
      closed = true;
      const error = new Error('The log search workers were stopped.');
      for (const task of queue.splice(0)) {
        settle(task);
        task.reject(error);
      }
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
export type ScanPool = ReturnType<typeof createScanPool>;
