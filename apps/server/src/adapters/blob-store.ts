import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { cp, lstat, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the portal keeps files (ARCHITECTURE §2 "files"): bundles as uploaded, their unpacked
 * contents, later documents. Keys are relative, `/`-separated paths (`diagnostics/KYM-1/a.kdp`).
 * Every call streams: nothing is held whole in memory. The filesystem under DATA_DIR is the
 * embedded default; an S3-compatible store implements the same interface (conditional puts,
 * copy + delete for `move`, one upload per file for `publishDirectory`).
 */
export interface BlobStore {
  /**
   * Writes `source` to `key` atomically: the key holds either its old content or all of the
   * new one, never a part. On any error (the source failed, the signal aborted, the disk) nothing
   * of the new content is left. Returns the bytes written.
   */
  write(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
    options?: { signal?: AbortSignal },
  ): Promise<{ size: number }>;
  /**
   * A stream of the content, or of `range.length` bytes from `range.offset` (fewer at its end);
   * throws BlobNotFoundError when there is none.
   */
  read(key: string, range?: BlobRange): Promise<Readable>;
  /**
   * Random access to the content (log search reads pages and index records from large files):
   * positional reads until it is closed; BlobNotFoundError when there is none. (A ranged GET
   * per read on S3.)
   */
  openReader(key: string): Promise<BlobReader>;
  /** Size and last change, or null when the key holds nothing. */
  stat(key: string): Promise<BlobStat | null>;
  /** Moves a blob to another key, replacing what was there; BlobNotFoundError without one. */
  move(from: string, to: string): Promise<void>;
  /** Removes a blob; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Removes every blob under a folder-like prefix (`diagnostics-content/{id}`). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Removes the blobs under a prefix last written before `before` (what a crash left of work
   * that never ended: staged uploads), and the store's own such leftovers (a write's temporary
   * file); returns how many blobs it removed.
   */
  removeStale(prefix: string, before: Date): Promise<number>;
  /**
   * Publishes the regular files of a local folder under `prefix` (its relative paths become the
   * keys' rest) and removes the folder. Refuses (BlobExistsError) when the prefix already holds
   * blobs, and a folder that holds anything but files and folders (links, devices, FIFOs).
   */
  publishDirectory(localDir: string, prefix: string): Promise<void>;
  /**
   * The local file that holds `key`'s content, for work that reads it off the main thread (a
   * worker opens it itself); null, or absent, for a store without local files (S3), whose
   * content is only read through `read`. The file may be missing: the reader then gets ENOENT.
   */
  localPath?(key: string): string | null;
}

/** A part of a blob: `length` bytes from `offset` (S3: a Range request). */
export interface BlobRange {
  offset: number;
  length: number;
}

/** Positional reads of one blob (see BlobStore.openReader). */
export interface BlobReader {
  readonly size: number;
  /** Reads up to `length` bytes at `position` into buffer[offset…]; the bytes read. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
}

export interface BlobStat {
  size: number;
  modifiedOn: Date;
}

export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
}
export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`No blob at "${key}".`);
  }
}
export class BlobExistsError extends Error {
  override readonly name = 'BlobExistsError';
  constructor(readonly key: string) {
    super(`Blobs already exist under "${key}".`);
  }
}

const MAX_KEY_BYTES = 1024;

/**
 * Throws InvalidBlobKeyError unless `key` is a relative path of plain segments: not empty, not
 * absolute, no `.` or `..` or empty segment, no backslash, no NUL or other control character.
 * `prefix` allows one trailing slash.
 */
export function assertValidKey(key: string, kind: 'key' | 'prefix' = 'key'): string {
  const bare = kind === 'prefix' && key.endsWith('/') ? key.slice(0, -1) : key;
  const problem =
    bare === ''
      ? 'is empty'
      : Buffer.byteLength(bare) > MAX_KEY_BYTES
        ? `is longer than ${MAX_KEY_BYTES} bytes`
        : bare.startsWith('/')
          ? 'is absolute'
          : bare.includes('\\')
            ? 'holds a backslash'
            : // eslint-disable-next-line no-control-regex
              /[\u0000-\u001f\u007f]/.test(bare)
              ? 'holds a control character'
              : bare.split('/').some((s) => s === '' || s === '.' || s === '..')
                ? 'has an empty, "." or ".." segment'
                : null;
  if (problem !== null) throw new InvalidBlobKeyError(`The blob ${kind} ${problem}.`);
  return bare;
}

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** Counts the bytes that pass. */
function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      t.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** Throws BlobExistsError unless `dir` is missing or empty. */
async function assertEmptyTarget(dir: string, prefix: string): Promise<void> {
  try {
    if ((await readdir(dir)).length > 0) throw new BlobExistsError(prefix);
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    if (errno(error) === 'ENOTDIR') throw new BlobExistsError(prefix);
    throw error;
  }
}

/** Refuses a folder that holds anything but regular files and folders. */
async function assertPlainTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() && !entry.isDirectory()) {
      throw new Error(`Only files and folders can be published: ${entry.name} is neither.`);
    }
  }
}

/**
 * The filesystem store: blobs are files under `{root}/objects/{key}`; writes go to
 * `{root}/tmp/` first and are renamed into place (atomic on one filesystem).
 */
export function createFilesystemBlobStore(root: string): BlobStore {
  const objects = path.join(root, 'objects');
  const tmp = path.join(root, 'tmp');
  const fileOf = (key: string) => path.join(objects, ...assertValidKey(key).split('/'));
  const dirOf = (prefix: string) =>
    path.join(objects, ...assertValidKey(prefix, 'prefix').split('/'));

  /** Removes the empty folders left above `file`, up to the objects folder (best effort). */
  async function pruneEmptyParents(file: string): Promise<void> {
    for (let dir = path.dirname(file); dir.startsWith(objects + path.sep);) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  return {
    async write(key, source, options = {}) {
      const target = fileOf(key);
      await mkdir(tmp, { recursive: true });
      const temporary = path.join(tmp, randomUUID());
      const count = counter();
      try {
        const handle = await open(
          temporary,
          fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
          0o640,
        );
        await pipeline(
          source,
          count,
          handle.createWriteStream(),
          ...(options.signal ? [{ signal: options.signal }] : []),
        );
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: count.bytes };
    },

    async read(key, range) {
      const file = fileOf(key);
      if (range && !(Number.isSafeInteger(range.offset) && range.offset >= 0)) {
        throw new RangeError('A blob range starts at a whole number of bytes, 0 or more.');
      }
      if (range && !(Number.isSafeInteger(range.length) && range.length >= 0)) {
        throw new RangeError('A blob range has a whole number of bytes, 0 or more.');
      }
      try {
        const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          throw new BlobNotFoundError(key);
        }
        if (range?.length === 0) {
          await handle.close();
          return Readable.from([]);
        }
        return handle.createReadStream(
          range ? { start: range.offset, end: range.offset + range.length - 1 } : {},
        );
      } catch (error) {
        if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP'].includes(errno(error) ?? '')) {
          throw new BlobNotFoundError(key);
        }
        throw error;
      }
    },

    async openReader(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
      } catch (error) {
        if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP'].includes(errno(error) ?? '')) {
          throw new BlobNotFoundError(key);
        }
        throw error;
      }
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        throw new BlobNotFoundError(key);
      }
      const h = handle;
      return {
        size: s.size,
        read: async (buffer, offset, length, position) =>
          (await h.read(buffer, offset, length, position)).bytesRead,
        close: () => h.close(),
      };
    },

    async stat(key) {
      try {
        const s = await lstat(fileOf(key));
        return s.isFile() ? { size: s.size, modifiedOn: s.mtime } : null;
      } catch (error) {
        if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return null;
        throw error;
      }
    },

    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      const s = await stat(source).catch(() => null);
      if (!s?.isFile()) throw new BlobNotFoundError(from);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(source, target);
      await pruneEmptyParents(source);
    },

    async remove(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        // A folder-like key is not a blob: remove() leaves it alone.
        if (errno(error) === 'ERR_FS_EISDIR' || errno(error) === 'EISDIR') return;
        throw error;
      }
      await pruneEmptyParents(file);
    },

    async removePrefix(prefix) {
      const dir = dirOf(prefix);
      await rm(dir, { recursive: true, force: true });
      await pruneEmptyParents(dir);
    },

    async removeStale(prefix, before) {
      const cutoff = before.getTime();
      /** The regular files under `dir` last changed before the cutoff, removed. */
      async function sweep(dir: string): Promise<number> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true, recursive: true });
        } catch (error) {
          if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return 0;
          throw error;
        }
        let removed = 0;
        for (const entry of entries) {
          if (!entry.isFile()) continue;
          const file = path.join(entry.parentPath, entry.name);
          const s = await lstat(file).catch(() => null);
          if (s === null || s.mtimeMs >= cutoff) continue;
          await rm(file, { force: true });
          await pruneEmptyParents(file);
          removed += 1;
        }
        return removed;
      }
      await sweep(tmp);
      return sweep(dirOf(prefix));
    },

    localPath: (key) => fileOf(key),

    async publishDirectory(localDir, prefix) {
      const target = dirOf(prefix);
      await assertPlainTree(localDir);
      await assertEmptyTarget(target, prefix);
      await mkdir(path.dirname(target), { recursive: true });
      // An empty target folder (left by a removed prefix) is replaced by the rename.
      await rmdir(target).catch(() => {});
      try {
        await rename(localDir, target);
      } catch (error) {
        if (errno(error) === 'ENOTEMPTY' || errno(error) === 'EEXIST') {
          throw new BlobExistsError(prefix);
        }
        if (errno(error) !== 'EXDEV') throw error;
        // Another filesystem: copy, then remove the original (a failed copy leaves no blobs).
        try {
          await cp(localDir, target, { recursive: true, errorOnExist: true, force: false });
        } catch (copyError) {
          await rm(target, { recursive: true, force: true });
          throw copyError;
        }
        await rm(localDir, { recursive: true, force: true });
      }
    },
  };
}
