import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Directories this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on the embedded database directory: two processes
 * opening one PGlite directory corrupt it (ARCHITECTURE §2). The lock file
 * holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'aerie.lock');
  if (held.has(file)) {
    throw new DataDirLockedError(`The data directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Aerie server (pid ${owner}). ` +
            'Stop that server, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
