#!/usr/bin/env node
// Browser tests: Vitest project `e2e` (e2e/**/*.e2e.ts) against the built server, in Debian's
// Chromium driven by playwright-core. `npm run test:e2e` runs this.
//
//   node scripts/run-e2e.mjs [--build] [VITEST ARGS...]
//
//   --build     run `npm run build` first (npm test builds before it calls this script)
//   VITEST ARGS are passed on, e.g. a file filter (`sign-in`), `-t 'wrong password'`, or
//   `--reporter=default --reporter=json --outputFile.json=out.json` (npm test uses that).
//
// The global setup (e2e/support/global-setup.ts) starts `node apps/server/dist/server.js` with
// demo data on a free port and a fresh DATA_DIR. Screenshots and the server log go to
// e2e/artifacts/. CHROMIUM_PATH overrides /usr/bin/chromium; E2E_SERVER_ENTRY overrides the server.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const serverEntry = process.env.E2E_SERVER_ENTRY ?? join(root, 'apps/server/dist/server.js');

export const CHROMIUM_NOT_FOUND = 'Chromium not found: install it with `apt-get install chromium`';

function vitestBin() {
  const require = createRequire(join(root, 'package.json'));
  return join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
}

async function main(argv) {
  let args = [...argv];
  const build = args.includes('--build');
  args = args.filter((a) => a !== '--build');

  if (!existsSync(chromiumPath)) {
    console.error(`${CHROMIUM_NOT_FOUND} (looked for ${chromiumPath})`);
    return 1;
  }
  if (build) {
    const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error('run-e2e: `npm run build` failed');
      return res.status ?? 1;
    }
  }
  if (!existsSync(serverEntry)) {
    console.error(
      `run-e2e: ${serverEntry} does not exist: run \`npm run build\` first (or \`npm run test:e2e -- --build\`)`,
    );
    return 1;
  }

  const child = spawn(process.execPath, [vitestBin(), 'run', '--project', 'e2e', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AERIE_E2E: '1' },
  });
  const forward = (sig) => child.kill(sig);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`run-e2e: could not start vitest: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
