/** Test support (kept out of the build): a bundle's contents in memory, hand-made or generated. */
import { generateBundleEntries, type GenerateOptions } from '@aerie/kdp';
import type { BundleContents } from './bundle-contents.js';

export interface MemoryFile {
  bytes: Buffer;
  mtime: Date;
  /** The size stat reports, to stand for a large file without holding it (default: bytes). */
  size?: number;
}

export const FIXTURE_TIME = new Date('2026-11-22T12:00:00.000Z');

export interface MemoryContents extends BundleContents {
  files: Map<string, MemoryFile>;
  /** Every read asked for, in order. */
  reads: { path: string; maxBytes: number }[];
}

/** Contents over a map; a string or Buffer value is a file with FIXTURE_TIME. */
export function memoryContents(
  entries: Map<string, MemoryFile> | Record<string, string | Buffer | MemoryFile>,
): MemoryContents {
  const files =
    entries instanceof Map
      ? new Map(entries)
      : new Map(
          Object.entries(entries).map(([path, v]): [string, MemoryFile] => [
            path,
            typeof v === 'string'
              ? { bytes: Buffer.from(v, 'utf8'), mtime: FIXTURE_TIME }
              : Buffer.isBuffer(v)
                ? { bytes: v, mtime: FIXTURE_TIME }
                : v,
          ]),
        );
  const reads: MemoryContents['reads'] = [];
  return {
    files,
    reads,
    stat(path) {
      const f = files.get(path);
      return Promise.resolve(f ? { size: f.size ?? f.bytes.length, mtime: f.mtime } : null);
    },
    read(path, maxBytes) {
      reads.push({ path, maxBytes });
      const f = files.get(path);
      if (!f || (f.size ?? f.bytes.length) > maxBytes) return Promise.resolve(null);
      return Promise.resolve(Buffer.from(f.bytes));
    },
  };
}

/**
 * The small files (overview, self tests, blockage zones) of a generated bundle; the streamed
 * ones (tracking, metrics, logs) are left out, as the report builders never read them.
 */
export async function generatedFiles(
  options: Partial<GenerateOptions> = {},
): Promise<Map<string, MemoryFile>> {
  const files = new Map<string, MemoryFile>();
  for await (const entry of generateBundleEntries({
    antennaSerial: 'KYM-2411234',
    takenAt: FIXTURE_TIME,
    trackingHours: 0.01,
    logLines: 10,
    ...options,
  })) {
    if (Buffer.isBuffer(entry.body)) {
      files.set(entry.path, { bytes: entry.body, mtime: entry.mtime ?? FIXTURE_TIME });
    }
  }
  return files;
}
