import { logTypes, type LogType } from '@aerie/contract';
import { LineIndex, LineIndexError, LogSequence, type LogFile } from '@aerie/logsearch';
import {
  BlobNotFoundError,
  type BlobReader,
  type BlobStore,
} from '../../../adapters/blob-store.js';
import { indexPrefix } from '../content-indexes.js';
import type { DiagnosticFileRow, DiagnosticsRepository } from '../diagnostics.repository.js';
import { contentPrefix } from '../storage-path.js';
import { lineIndexPath, presentLogFiles } from './log-files.js';
import { writeLineIndex } from './log-indexer.js';
import type { LocalLogFile } from './scan-pool.js';

/** A file's logs, open for reading until released. */
export interface OpenLogs {
  readonly sequences: ReadonlyMap<LogType, LogSequence>;
  /**
   * Each log's files on local disk, for the scan workers (they open them themselves); absent
   * for a blob store without local files.
   */
  readonly local: ReadonlyMap<LogType, readonly LocalLogFile[]>;
  release(): void;
}

interface Loaded {
  sequences: Map<LogType, LogSequence>;
  local: Map<LogType, LocalLogFile[]>;
  readers: BlobReader[];
}

interface Slot {
  loading: Promise<Loaded>;
  users: number;
}

export interface LogStoreDeps {
  blobs: BlobStore;
  repo: Pick<DiagnosticsRepository, 'entries'>;
  log: { info(obj: object, msg: string): void };
  /** Files whose logs stay open when unused (least recently used closed first). */
  maxOpen?: number;
}

/**
 * Opens the logs of Ready files for the log search: each log's rotated files, oldest first,
 * with their line indexes (decision 042). An index the bundle's processing did not write (a
 * bundle processed before the log search existed, or whose indexing failed) is built on first
 * use, streamed from the log, and kept with the others. Open files are kept for the next
 * request, a few at a time.
 */
export function createLogStore(deps: LogStoreDeps) {
  const maxOpen = deps.maxOpen ?? 8;
  const slots = new Map<string, Slot>();
  const building = new Map<string, Promise<void>>();

  /** Builds a missing or unreadable index, once even when asked for twice at once. */
  function buildIndex(file: DiagnosticFileRow, logPath: string, key: string, carryTime: number) {
    let work = building.get(key);
    if (!work) {
      deps.log.info({ fileId: file.id, log: logPath }, 'building a missing line index');
      work = (async () => {
        const source = await deps.blobs.read(`${contentPrefix(file.id)}/${logPath}`);
        await writeLineIndex(source, (index) => deps.blobs.write(key, index), {
          carryTime,
          referenceTime: file.diagnosticCreatedOn.getTime(),
        });
      })().finally(() => building.delete(key));
      building.set(key, work);
    }
    return work;
  }

  async function openIndex(
    file: DiagnosticFileRow,
    logPath: string,
    carryTime: number,
    readers: BlobReader[],
  ): Promise<LineIndex> {
    const key = `${indexPrefix(file.id)}/${lineIndexPath(logPath)}`;
    try {
      const reader = await deps.blobs.openReader(key);
      readers.push(reader);
      return await LineIndex.open(reader);
    } catch (error) {
      if (!(error instanceof BlobNotFoundError) && !(error instanceof LineIndexError)) throw error;
    }
    await buildIndex(file, logPath, key, carryTime);
    const reader = await deps.blobs.openReader(key);
    readers.push(reader);
    return LineIndex.open(reader);
  }

  async function load(file: DiagnosticFileRow): Promise<Loaded> {
    const present = new Set((await deps.repo.entries(file.id)).map((e) => e.path));
    const readers: BlobReader[] = [];
    try {
      const sequences = new Map<LogType, LogSequence>();
      const local = new Map<LogType, LocalLogFile[]>();
      for (const type of logTypes) {
        const files: LogFile[] = [];
        const paths: (LocalLogFile | null)[] = [];
        let carry = Number.NaN;
        for (const logPath of presentLogFiles(type, (p) => present.has(p))) {
          const dataKey = `${contentPrefix(file.id)}/${logPath}`;
          const data = await deps.blobs.openReader(dataKey);
          readers.push(data);
          const index = await openIndex(file, logPath, carry, readers);
          if (index.lineCount > 0 && !Number.isNaN(index.lastTime)) carry = index.lastTime;
          files.push({ name: logPath, data, index });
          const dataPath = deps.blobs.localPath?.(dataKey) ?? null;
          const indexPath =
            deps.blobs.localPath?.(`${indexPrefix(file.id)}/${lineIndexPath(logPath)}`) ?? null;
          paths.push(
            dataPath && indexPath ? { name: logPath, data: dataPath, index: indexPath } : null,
          );
        }
        sequences.set(type, new LogSequence(type, files));
        if (paths.every((p) => p !== null)) local.set(type, paths);
      }
      return { sequences, local, readers };
    } catch (error) {
      await Promise.all(readers.map((r) => r.close().catch(() => {})));
      throw error;
    }
  }

  function closeSlot(slot: Slot): void {
    void slot.loading.then(
      (loaded) => Promise.all(loaded.readers.map((r) => r.close().catch(() => {}))),
      () => {},
    );
  }

  function evict(): void {
    for (const [id, slot] of slots) {
      if (slots.size <= maxOpen) return;
      if (slot.users > 0) continue;
      slots.delete(id);
      closeSlot(slot);
    }
  }

  return {
    /** The file's logs, open until `release` (the same readers serve concurrent requests). */
    async acquire(file: DiagnosticFileRow): Promise<OpenLogs> {
      let slot = slots.get(file.id);
      if (slot) slots.delete(file.id);
      else {
        const created: Slot = { loading: load(file), users: 0 };
        created.loading.catch(() => {
          if (slots.get(file.id) === created) slots.delete(file.id);
        });
        slot = created;
      }
      // Most recently used last.
      slots.set(file.id, slot);
      const held = slot;
      held.users++;
      let loaded: Loaded;
      try {
        loaded = await held.loading;
      } catch (error) {
        held.users--;
        throw error;
      }
      evict();
      let released = false;
      return {
        sequences: loaded.sequences,
        local: loaded.local,
        release: () => {
          if (released) return;
          released = true;
          held.users--;
          if (slots.get(file.id) !== held && held.users === 0) closeSlot(held);
          evict();
        },
      };
    },

    async close(): Promise<void> {
      for (const slot of slots.values()) closeSlot(slot);
      slots.clear();
      await Promise.allSettled([...building.values()]);
    },
  };
}
export type LogStore = ReturnType<typeof createLogStore>;
