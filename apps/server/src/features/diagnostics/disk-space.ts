import { statfs } from 'node:fs/promises';
import path from 'node:path';

/**
 * The free space diagnostic bundles need on the data folder's disk (decision 039, "Disk
 * space"). A bundle takes its own size when stored and up to the reader's limit again when
 * unpacked (8 GiB), so the portal keeps a reserve free for everything else it writes (the
 * database, the other uploads): an upload is refused when storing it would eat into the
 * reserve, and an unpack does not start below it.
 */
export interface DiskSpace {
  /** Whether `bytes` more can be written and the reserve still be free; true when unknown. */
  allows(bytes: number): Promise<boolean>;
}

/**
 * The free bytes of the disk that holds (or will hold) `dir` for an unprivileged writer: of its
 * nearest folder that exists; null when none can be read.
 */
export async function freeBytes(dir: string): Promise<number | null> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) {
        return null;
      }
    }
  }
}

/** The disk of `dir`, keeping `reserveBytes` free; `free` is read on each ask (a statfs). */
export function diskSpace(
  dir: string,
  reserveBytes: number,
  free: (dir: string) => Promise<number | null> = freeBytes,
): DiskSpace {
  return {
    async allows(bytes) {
      const available = await free(dir);
      return available === null || available - bytes >= reserveBytes;
    },
  };
}

/** An unpack not started, or stopped, for want of space: the file waits, it is not rejected. */
export class LowDiskSpaceError extends Error {
  constructor() {
    super('Not enough free disk space to unpack a diagnostic bundle.');
  }
}

/** Whether an error is the disk being full (ENOSPC, also as the unpack worker reports it). */
export function isDiskFull(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as NodeJS.ErrnoException).code === 'ENOSPC'
  );
}
