import { existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assertValidKey,
  BlobExistsError,
  BlobNotFoundError,
  createFilesystemBlobStore,
  InvalidBlobKeyError,
  type BlobStore,
} from './blob-store.js';

let root: string;
let store: BlobStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'aerie-blobs-'));
  store = createFilesystemBlobStore(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function text(readable: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of readable) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Every file under the store's root, relative to it. */
async function tree(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

async function* failingAfter(chunks: string[]): AsyncGenerator<Buffer> {
  for (const chunk of chunks) yield Buffer.from(chunk);
  throw new Error('the client went away');
}

describe('blob keys', () => {
  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['a/../b', '".." segment'],
    ['..', '".." segment'],
    ['a/./b', '"." segment'],
    ['a//b', 'empty segment'],
    ['a/b/', 'empty segment'],
    ['a\\b', 'backslash'],
    ['a\u0000b', 'control character'],
    ['a\nb', 'control character'],
    ['x'.repeat(1025), 'longer'],
  ])('refuses %j (%s)', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidBlobKeyError);
  });

  it('accepts plain relative keys, and a prefix with one trailing slash', () => {
    expect(assertValidKey('diagnostics/KYM-1/KYM-1_20261122120000.kdp')).toBe(
      'diagnostics/KYM-1/KYM-1_20261122120000.kdp',
    );
    expect(assertValidKey('a/b/', 'prefix')).toBe('a/b');
    expect(assertValidKey('..a/b..', 'key')).toBe('..a/b..');
    expect(() => assertValidKey('a/b//', 'prefix')).toThrow(InvalidBlobKeyError);
  });

  it('refuses a bad key on every call, before touching the disk', async () => {
    await expect(store.write('../x', Readable.from(['a']))).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.read('/x')).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.stat('a\\b')).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.remove('a/../../x')).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.removePrefix('..')).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.move('a', '../b')).rejects.toThrow(InvalidBlobKeyError);
    expect(await tree()).toEqual([]);
  });
});

describe('the filesystem blob store', () => {
  it('writes a stream, stats and reads it back', async () => {
    const written = await store.write('a/b/c.txt', Readable.from(['hello ', 'world']));
    expect(written).toEqual({ size: 11 });
    expect(await text(await store.read('a/b/c.txt'))).toBe('hello world');
    const s = await store.stat('a/b/c.txt');
    expect(s?.size).toBe(11);
    expect(s?.modifiedOn).toBeInstanceOf(Date);
    expect(await tree()).toEqual([path.join('objects', 'a', 'b', 'c.txt')]);
  });

  it('reads a range of a blob: from an offset, shorter at the end, empty, refused when negative', async () => {
    await store.write('r.txt', Readable.from(['0123456789']));
    expect(await text(await store.read('r.txt', { offset: 2, length: 3 }))).toBe('234');
    expect(await text(await store.read('r.txt', { offset: 8, length: 10 }))).toBe('89');
    expect(await text(await store.read('r.txt', { offset: 4, length: 0 }))).toBe('');
    expect(await text(await store.read('r.txt', { offset: 20, length: 4 }))).toBe('');
    await expect(store.read('r.txt', { offset: -1, length: 2 })).rejects.toThrow(RangeError);
    await expect(store.read('r.txt', { offset: 0, length: 1.5 })).rejects.toThrow(RangeError);
    await expect(store.read('missing.txt', { offset: 0, length: 1 })).rejects.toThrow(
      BlobNotFoundError,
    );
  });

  it('replaces a key whole: a failed write leaves the old content and no temporary file', async () => {
    await store.write('k', Readable.from(['old']));
    await expect(store.write('k', failingAfter(['new', 'er']))).rejects.toThrow('went away');
    expect(await text(await store.read('k'))).toBe('old');
    expect(await tree()).toEqual([path.join('objects', 'k')]);
    await store.write('k', Readable.from(['new']));
    expect(await text(await store.read('k'))).toBe('new');
  });

  it('stops a write when its signal aborts, leaving nothing', async () => {
    const controller = new AbortController();
    async function* slow(): AsyncGenerator<Buffer> {
      yield Buffer.from('first');
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield Buffer.from('second');
    }
    await expect(store.write('k', slow(), { signal: controller.signal })).rejects.toThrow();
    expect(await store.stat('k')).toBeNull();
    expect(await tree()).toEqual([]);
  });

  it('gives out the local file of a key for a worker to read, refusing a bad key', async () => {
    await store.write('diagnostics/KYM-1/a.kdp', Readable.from(['bundle']));
    const file = store.localPath?.('diagnostics/KYM-1/a.kdp');
    expect(file).toBe(path.join(root, 'objects', 'diagnostics', 'KYM-1', 'a.kdp'));
    expect(await readFile(file!, 'utf8')).toBe('bundle');
    expect(() => store.localPath?.('../x')).toThrow(InvalidBlobKeyError);
  });

  it('reads a blob at any position through a reader, until it is closed', async () => {
    await store.write('logs/a', Readable.from(['0123456789']));
    const reader = await store.openReader('logs/a');
    expect(reader.size).toBe(10);
    const buf = Buffer.alloc(4);
    expect(await reader.read(buf, 0, 4, 3)).toBe(4);
    expect(buf.toString()).toBe('3456');
    expect(await reader.read(buf, 1, 3, 8)).toBe(2);
    expect(buf.toString()).toBe('389' + '6');
    await reader.close();
    await expect(reader.read(buf, 0, 1, 0)).rejects.toThrow();
    await expect(store.openReader('missing')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.openReader('logs')).rejects.toBeInstanceOf(BlobNotFoundError);
    await writeFile(path.join(root, 'secret'), 'secret');
    await symlink(path.join(root, 'secret'), path.join(root, 'objects', 'link'));
    await expect(store.openReader('link')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.openReader('../x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('answers a missing blob: stat null, read BlobNotFoundError, remove quietly', async () => {
    expect(await store.stat('missing')).toBeNull();
    await expect(store.read('missing')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.read('missing/deeper')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.remove('missing');
    await store.removePrefix('missing');
  });

  it('does not give out a folder, or a link placed under the store, as a blob', async () => {
    await store.write('dir/file', Readable.from(['x']));
    expect(await store.stat('dir')).toBeNull();
    await expect(store.read('dir')).rejects.toBeInstanceOf(BlobNotFoundError);
    await writeFile(path.join(root, 'secret'), 'secret');
    await symlink(path.join(root, 'secret'), path.join(root, 'objects', 'link'));
    await expect(store.read('link')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat('link')).toBeNull();
  });

  it('moves a blob to another key, replacing what was there', async () => {
    await store.write('tmp/upload-1', Readable.from(['new']));
    await store.write('final/name', Readable.from(['old']));
    await store.move('tmp/upload-1', 'final/name');
    expect(await text(await store.read('final/name'))).toBe('new');
    expect(await store.stat('tmp/upload-1')).toBeNull();
    await expect(store.move('tmp/upload-1', 'x')).rejects.toBeInstanceOf(BlobNotFoundError);
    // The emptied folder went with it.
    expect(await tree()).toEqual([path.join('objects', 'final', 'name')]);
  });

  it('removes one blob, or every blob under a prefix and nothing beside it', async () => {
    await store.write('p/1/a', Readable.from(['a']));
    await store.write('p/1/b/c', Readable.from(['c']));
    await store.write('p/10/a', Readable.from(['a']));
    await store.write('q', Readable.from(['q']));
    await store.remove('q');
    await store.removePrefix('p/1/');
    expect(await tree()).toEqual([path.join('objects', 'p', '10', 'a')]);
  });

  it('removes the blobs under a prefix, and its own temporaries, written before a time', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const older = new Date(hourAgo.getTime() - 60_000);
    await store.write('uploads/old', Readable.from(['old']));
    await store.write('uploads/deep/old', Readable.from(['old']));
    await store.write('uploads/new', Readable.from(['new']));
    await store.write('kept/old', Readable.from(['old']));
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    await writeFile(path.join(root, 'tmp', 'half-written'), 'x');
    await writeFile(path.join(root, 'tmp', 'being-written'), 'x');
    for (const f of [
      'objects/uploads/old',
      'objects/uploads/deep/old',
      'objects/kept/old',
      'tmp/half-written',
    ]) {
      await utimes(path.join(root, f), older, older);
    }
    expect(await store.removeStale('uploads', hourAgo)).toBe(2);
    expect(await tree()).toEqual([
      path.join('objects', 'kept', 'old'),
      path.join('objects', 'uploads', 'new'),
      path.join('tmp', 'being-written'),
    ]);
    // The emptied folder went with its blob; a prefix holding nothing removes nothing.
    expect(existsSync(path.join(root, 'objects', 'uploads', 'deep'))).toBe(false);
    expect(await store.removeStale('nothing/here', new Date())).toBe(0);
    await expect(store.removeStale('../x', new Date())).rejects.toThrow(InvalidBlobKeyError);
  });

  describe('publishing a folder', () => {
    let local: string;
    beforeEach(async () => {
      local = path.join(root, 'quarantine', 'f1');
      await mkdir(path.join(local, 'logs'), { recursive: true });
      await writeFile(path.join(local, 'logs', 'syslog'), 'line\n');
      await writeFile(path.join(local, 'version'), '5.1.1\n');
    });

    it('makes its files blobs under the prefix and removes the folder', async () => {
      await store.publishDirectory(local, 'content/f1');
      expect(await text(await store.read('content/f1/logs/syslog'))).toBe('line\n');
      expect(await text(await store.read('content/f1/version'))).toBe('5.1.1\n');
      expect(await readdir(path.join(root, 'quarantine'))).toEqual([]);
    });

    it('refuses a prefix that holds blobs already, leaving both as they were', async () => {
      await store.write('content/f1/other', Readable.from(['o']));
      await expect(store.publishDirectory(local, 'content/f1')).rejects.toBeInstanceOf(
        BlobExistsError,
      );
      expect(await readFile(path.join(local, 'version'), 'utf8')).toBe('5.1.1\n');
      expect(await store.stat('content/f1/version')).toBeNull();
    });

    it('publishes again once the prefix was removed (a retried job)', async () => {
      await store.write('content/f1/stale', Readable.from(['s']));
      await store.removePrefix('content/f1');
      await store.publishDirectory(local, 'content/f1');
      expect(await store.stat('content/f1/version')).not.toBeNull();
      expect(await store.stat('content/f1/stale')).toBeNull();
    });

    it('refuses a folder holding a link, publishing nothing', async () => {
      await symlink('/etc/passwd', path.join(local, 'passwd'));
      await expect(store.publishDirectory(local, 'content/f1')).rejects.toThrow(
        'Only files and folders',
      );
      expect(await store.stat('content/f1/version')).toBeNull();
    });
  });
});
