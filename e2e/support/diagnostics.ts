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
  const bytes = await buffer(
    write(generateBundleEntries({ trackingHours: 0.25, logLines: 5_000, ...options })),
  );
  const name = bundleName(options.antennaSerial, options.takenAt);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { name, path, bytes };
}
