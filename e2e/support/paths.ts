import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Screenshots, server log and failure captures (gitignored). */
export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * The built server that the browser tests run against (`npm run build` makes it).
 * E2E_SERVER_ENTRY overrides it (e.g. to check the harness against a stand-in server).
 */
export const serverEntry =
  process.env.E2E_SERVER_ENTRY ??
  fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

/** Debian's Chromium; CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
