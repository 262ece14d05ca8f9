import { DIAGNOSTICS_LIMITS, type DiagnosticUploadResponse } from '@aerie/contract';
import {
  addUploadItems,
  isRemovable,
  uploadDone,
  uploadFailed,
  type UploadItem,
} from './upload-items';

/** One upload: the file to the antenna serial's store, its progress reported 0 to 1. */
export type UploadFileFn = (request: {
  serial: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}) => Promise<DiagnosticUploadResponse>;

export interface UploadQueue {
  getItems: () => readonly UploadItem[];
  subscribe: (listener: () => void) => () => void;
  /** Adds files; returns the names left out because they are listed already. */
  add: (files: readonly File[]) => string[];
  /** Starts the pending items, at most `maxParallel` at a time (spec 001 §5, §9). */
  start: () => void;
  remove: (id: string) => void;
  /** Removes every item that is not uploading. */
  clear: () => void;
}

/**
 * The upload tool's items and their uploads, outside React so the uploads go on while the user
 * looks at another page (the tool shows them again when it is opened).
 *
 * NOTE: a small pump rather than a concurrency library: each item's state (pending, uploading,
 * done, error, progress) is ours to keep anyway, and a waiting item can be removed before it
 * starts, which a limiter's queue does not allow.
 */
export function createUploadQueue(
  upload: UploadFileFn,
  maxParallel: number = DIAGNOSTICS_LIMITS.maxParallelUploads,
): UploadQueue {
  let items: readonly UploadItem[] = [];
  let sequence = 0;
  let waiting: string[] = [];
  const active = new Map<string, AbortController>();
  const listeners = new Set<() => void>();

  const set = (next: readonly UploadItem[]) => {
    items = next;
    for (const listener of listeners) listener();
  };
  const patch = (id: string, change: (item: UploadItem) => UploadItem) =>
    set(items.map((item) => (item.id === id ? change(item) : item)));

  // A page closed mid-upload loses it: the browser asks first.
  const warnBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
  const watchUnload = () => {
    if (typeof window === 'undefined') return;
    if (active.size > 0) window.addEventListener('beforeunload', warnBeforeUnload);
    else window.removeEventListener('beforeunload', warnBeforeUnload);
  };

  function pump() {
    while (active.size < maxParallel && waiting.length > 0) {
      const id = waiting.shift() as string;
      const item = items.find((candidate) => candidate.id === id);
      if (!item || item.status !== 'pending' || item.antennaSerial === null) continue;
      const controller = new AbortController();
      active.set(id, controller);
      patch(id, (current) => ({ ...current, status: 'uploading', progress: 0 }));
      let shown = 0;
      const onProgress = (fraction: number) => {
        // Whole percents only: progress events come many times a second.
        const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
        if (percent === shown) return;
        shown = percent;
        patch(id, (current) => ({ ...current, progress: percent / 100 }));
      };
      upload({ serial: item.antennaSerial, file: item.file, onProgress, signal: controller.signal })
        .then(
          (answer) => patch(id, (current) => uploadDone(current, answer)),
          (error: unknown) => {
            if (!controller.signal.aborted) patch(id, (current) => uploadFailed(current, error));
          },
        )
        .finally(() => {
          active.delete(id);
          watchUnload();
          pump();
        });
    }
    watchUnload();
  }

  return {
    getItems: () => items,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (files) => {
      const result = addUploadItems(items, files, () => `upload-${++sequence}`);
      set(result.items);
      return result.duplicates;
    },
    start: () => {
      for (const item of items) {
        if (item.status === 'pending' && !waiting.includes(item.id)) waiting.push(item.id);
      }
      pump();
    },
    remove: (id) => {
      const item = items.find((candidate) => candidate.id === id);
      if (!item || !isRemovable(item)) return;
      waiting = waiting.filter((waitingId) => waitingId !== id);
      set(items.filter((candidate) => candidate.id !== id));
    },
    clear: () => {
      const kept = items.filter((item) => !isRemovable(item));
      waiting = [];
      set(kept);
    },
  };
}
