import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aerie-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second process on the same data directory with a clear message', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const moduleUrl = new URL('./lock.ts', import.meta.url).href;
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(moduleUrl)}).then(m => { try { m.lockDataDir(${JSON.stringify(dir)}); process.exit(0) } catch (e) { console.error(e.message); process.exit(2) } })`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.status).toBe(2);
    expect(child.stderr).toContain('is in use by another Aerie server');
    release();
  });

  it('refuses a second lock in the same process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    lockDataDir(dir)();
    const again = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'aerie.lock'), 'utf8')).toBe(String(process.pid));
    again();
    expect(fs.existsSync(path.join(dir, 'aerie.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    // pid 2^22+1 is above Linux's pid_max default: no such process.
    fs.writeFileSync(path.join(dir, 'aerie.lock'), String(4194305));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'aerie.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
