import { constants as fsConstants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBundleReader, type BundleLimits, type Keyring } from '@aerie/kdp';

/** One unpacked file or folder, as the index keeps it. */
export interface UnpackedEntry {
  path: string;
  size: number;
  mtime: Date;
}

/** What an unpack needs besides the bundle's bytes. */
export interface UnpackOptions {
  keyring: Keyring;
  limits: Partial<BundleLimits>;
  /** The file's quarantine folder: exists and is empty. */
  dir: string;
  signal: AbortSignal;
  /** Called with the bundle bytes read so far, as the reader pulls them. */
  onRead: (bytes: number) => void;
}

/**
 * The gunzip's output chunks (zlib's default is 16 KiB): fewer buffers and callbacks per byte.
 * The worker uses the same (bundle-unpack-worker.ts).
 */
export const INFLATE_CHUNK_BYTES = 256 * 1024;

/** The entry's place in the quarantine; never outside it (the reader refuses such paths too). */
function inside(root: string, entryPath: string): string {
  const target = path.resolve(root, ...entryPath.split('/'));
  if (!target.startsWith(root + path.sep)) {
    throw new Error(`The entry ${JSON.stringify(entryPath)} would be written outside its folder.`);
  }
  return target;
}

const validDate = (d: Date): Date => (Number.isNaN(d.getTime()) ? new Date(0) : d);

/**
 * Unpacks a bundle on this thread (a store without local files; see bundle-unpack-worker.ts
 * for the usual way): decrypt, gunzip, untar, each file created exclusively and never through a
 * link. Resolves with the entries once the reader ended cleanly; an abort destroys the source.
 */
export async function unpackInThread(
  source: Readable,
  { keyring, limits, dir, signal, onRead }: UnpackOptions,
): Promise<UnpackedEntry[]> {
  const abort = () => source.destroy(signal.reason instanceof Error ? signal.reason : undefined);
  signal.addEventListener('abort', abort, { once: true });
  const entries: UnpackedEntry[] = [];
  try {
    signal.throwIfAborted();
    const read = createBundleReader({
      keyring,
      limits,
      inflateChunkSize: INFLATE_CHUNK_BYTES,
      onRead,
    });
    for await (const entry of read(source)) {
      signal.throwIfAborted();
      const target = inside(dir, entry.path);
      if (entry.type === 'directory') {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Created exclusively, never through a link: the reader hands out each path once.
      const handle = await open(
        target,
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
        0o640,
      );
      await pipeline(entry.body, handle.createWriteStream({ highWaterMark: 1024 * 1024 }));
      entries.push({ path: entry.path, size: entry.size, mtime: validDate(entry.mtime) });
    }
    signal.throwIfAborted();
  } finally {
    signal.removeEventListener('abort', abort);
    source.destroy();
  }
  return entries;
}
