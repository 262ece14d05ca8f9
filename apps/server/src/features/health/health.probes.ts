import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One service on the health page (spec 001 §3, "System health"). To add a
 * service (job queue, hub, mail), write a probe next to these and add it to
 * the list in the health feature's index.ts once the service exists.
 */
export interface HealthProbe {
  /** Service code shown on the health page, e.g. "database". */
  code: string;
  check(): Promise<{ ok: boolean; version: string }>;
}

export function databaseProbe(version: () => Promise<string>): HealthProbe {
  return {
    code: 'database',
    async check() {
      const v = await version();
      return { ok: true, version: v.split(' ').slice(0, 2).join(' ') };
    },
  };
}

export function identityProbe(version: string): HealthProbe {
  return { code: 'identity', check: async () => ({ ok: true, version }) };
}

/** DATA_DIR must be writable: writes, reads back and deletes a probe file. */
export function fileStoreProbe(dataDir: string): HealthProbe {
  return {
    code: 'fileStore',
    async check() {
      await mkdir(dataDir, { recursive: true });
      const probe = path.join(dataDir, `.health-${randomBytes(6).toString('hex')}`);
      const content = randomBytes(16).toString('hex');
      try {
        await writeFile(probe, content, { flag: 'wx' });
        const back = await readFile(probe, 'utf8');
        return { ok: back === content, version: 'filesystem' };
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}
