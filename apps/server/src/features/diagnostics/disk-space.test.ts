import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskSpace, freeBytes, isDiskFull } from './disk-space.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'aerie-disk-space-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the free disk space diagnostic bundles need', () => {
  it("reads the free bytes of a folder's disk, or of the nearest folder a missing one would be in", async () => {
    const free = await freeBytes(dir);
    expect(free).toBeGreaterThan(0);
    expect(await freeBytes(path.join(dir, 'missing', 'deeper'))).toBeGreaterThan(0);
    // A path through a file cannot be a folder: unknown.
    await writeFile(path.join(dir, 'file'), '');
    expect(await freeBytes(path.join(dir, 'file', 'below'))).toBeNull();
  });

  it('allows a write that leaves the reserve free, and not one that eats into it', async () => {
    const space = diskSpace(dir, 1000, () => Promise.resolve(5000));
    expect(await space.allows(4000)).toBe(true);
    expect(await space.allows(4001)).toBe(false);
    expect(await space.allows(0)).toBe(true);
    expect(await diskSpace(dir, 6000, () => Promise.resolve(5000)).allows(0)).toBe(false);
  });

  it('allows what it cannot measure (a store without a local disk)', async () => {
    expect(await diskSpace(dir, 1e18, () => Promise.resolve(null)).allows(1e18)).toBe(true);
  });

  it('knows a full disk by its code, from the file system or the unpack worker', () => {
    expect(isDiskFull(Object.assign(new Error('no space left'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});
