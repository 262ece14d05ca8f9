import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  bundleName,
  createBundleWriter,
  generateBundleEntries,
  parseKeyring,
  type GenerateOptions,
} from '@aerie/kdp';
import type { Page } from 'playwright-core';
import { accessToken } from './api.js';

/**
 * The browser tests' servers read diagnostic bundles with this keyring (global-setup.ts), so
 * the tests pack real bundles as an antenna would. A test key: never use it anywhere else.
 */
export const E2E_DIAGNOSTICS_KEYRING = 'e2e-1:ZTJlLWRpYWdub3N0aWNzLWtleS1mb3ItdGVzdHMtMzI=';

const keys = parseKeyring(E2E_DIAGNOSTICS_KEYRING);
const write = createBundleWriter({ keyring: keys.keyring, keyId: keys.currentKeyId });

/** A generated bundle of `antennaSerial`, small enough for a browser test, written into `dir`. */
export async function bundleFile(
  dir: string,
  options: Pick<GenerateOptions, 'antennaSerial' | 'takenAt'> & Partial<GenerateOptions>,
): Promise<{ name: string; path: string; bytes: Buffer }> {
  return writeBundle(
    dir,
    options,
    generateBundleEntries({ trackingHours: 0.25, logLines: 5_000, ...options }),
  );
}

/** Packs entries into a bundle named for the antenna and time, written into `dir`. */
async function writeBundle(
  dir: string,
  options: Pick<GenerateOptions, 'antennaSerial' | 'takenAt'>,
  entries: Parameters<typeof write>[0],
): Promise<{ name: string; path: string; bytes: Buffer }> {
  const bytes = await buffer(write(entries));
  const name = bundleName(options.antennaSerial, options.takenAt);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { name, path, bytes };
}

/**
 * A generated bundle whose syslog also holds the given lines (each after a timestamp of the
 * log's first minutes), for tests of the log viewer: markup in a log must come back as text.
 */
export async function bundleWithLogLines(
  dir: string,
  options: Pick<GenerateOptions, 'antennaSerial' | 'takenAt'> & Partial<GenerateOptions>,
  extra: readonly string[],
): Promise<{ name: string; path: string; bytes: Buffer }> {
  async function* entries() {
    for await (const entry of generateBundleEntries({
      trackingHours: 0.25,
      logLines: 3_000,
      ...options,
    })) {
      if (entry.path !== 'logs/syslog') {
        yield entry;
        continue;
      }
      const text = (await buffer(entry.body as AsyncIterable<Buffer>)).toString('utf8');
      const lines = text.split('\n').filter((l) => l !== '');
      // After the tenth line, at its time: among the first lines of the log.
      const at = lines[9]?.slice(0, 24) ?? new Date(options.takenAt).toISOString();
      lines.splice(10, 0, ...extra.map((l) => `${at} ${options.antennaSerial} ${l}`));
      yield {
        path: entry.path,
        ...(entry.mtime ? { mtime: entry.mtime } : {}),
        body: Buffer.from(`${lines.join('\n')}\n`),
      };
    }
  }
  return writeBundle(dir, options, entries());
}

/** Uploads a bundle through the API as the page's user; resolves with the stored file's hash. */
export async function uploadAsUser(
  page: Page,
  antennaSerial: string,
  file: { name: string; bytes: Buffer },
): Promise<{ fileHash: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(
    new URL(`/v2/storage/diagnostics/${encodeURIComponent(antennaSerial)}`, page.url()),
    { method: 'POST', headers: { Authorization: `Bearer ${await accessToken(page)}` }, body: form },
  );
  if (!response.ok)
    throw new Error(`upload ${file.name}: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { data: { file: { fileHash: string } } };
  return { fileHash: answer.data.file.fileHash };
}
