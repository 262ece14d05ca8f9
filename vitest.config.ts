import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test projects (Vitest 4):
 * - unit: contract, server (no `*.api.test.ts`) and web tests. Web tests pick jsdom with a
 *   `// @vitest-environment jsdom` comment at the top of the file. Files share a module cache
 *   and a jsdom window per worker (`isolate: false`): importing React, Mantine and jsdom once
 *   per worker instead of once per file cuts the step's CPU time by three quarters. The setup
 *   file (apps/web/src/test/setup.ts) gives each jsdom file fresh storage, no leftover DOM or
 *   toasts, and the same shims.
 * - unit-devices: the same, for the device pages' web tests (so two processes can share the
 *   unit files; see unitDeviceFiles).
 * - unit-isolated: the unit test files that replace modules or globals (`vi.mock`,
 *   `vi.doMock`, `vi.stubGlobal`, `vi.stubEnv`, or an assignment to a `.prototype.`), found by
 *   reading the files: each runs in its own module cache, so a mock never leaks into another
 *   file. `--project 'unit*'` runs all three (`npm run test:unit`).
 * - api:  server API tests (`*.api.test.ts`), in forks, two at a time. They run against PGlite
 *         unless TEST_DATABASE_URL is set (`npm test` runs all of them on PostgreSQL and the
 *         storage suite, scripts/storage-suite.mjs, on PGlite). Each file opens its own app and
 *         database (apps/server/src/test/test-app.ts); files share the worker's module cache.
 * - e2e:  browser tests (`e2e/**\/*.e2e.ts`) against the built server, two files at a time, one
 *         server per worker. Only defined when asked
 *         for (`npm run test:e2e`, which sets AERIE_E2E=1, or `--project e2e`), so a plain
 *         `vitest run` never needs a build or a browser.
 *
 * `@aerie/contract`, `@aerie/options-file`, `@aerie/kdp` (and its test builders, `@aerie/kdp/testing`)
 * and `@aerie/logsearch`
 * resolve to their TypeScript source, so no test needs a build step.
 */
const r = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const shared = {
  resolve: {
    alias: [
      { find: /^@aerie\/contract$/, replacement: r('./packages/contract/src/index.ts') },
      { find: /^@aerie\/options-file$/, replacement: r('./packages/options-file/src/index.ts') },
      { find: /^@aerie\/kdp$/, replacement: r('./packages/kdp/src/index.ts') },
      { find: /^@aerie\/kdp\/testing$/, replacement: r('./packages/kdp/src/testing.ts') },
      { find: /^@aerie\/logsearch$/, replacement: r('./packages/logsearch/src/index.ts') },
    ],
  },
  // Vite 8 transforms TS/TSX with Oxc: compile JSX with React's automatic runtime.
  oxc: { jsx: { runtime: 'automatic' as const, importSource: 'react' } },
};

const argv = process.argv.join(' ');
const wantsE2e = process.env.AERIE_E2E === '1' || /--project[= ]e2e\b/.test(argv);

const unitRoots = [
  'packages/contract/src',
  'packages/options-file/src',
  'packages/kdp/src',
  'packages/logsearch/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/build',
];
const isUnitTestFile = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) && !file.endsWith('.api.test.ts') && !file.includes('node_modules');
/** What makes a test file unsafe to share a module cache and a window with other files. */
const replacesModulesOrGlobals =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv)\s*\(|\.prototype\.[\w$]+\s*=(?!=)/;

/** Unit test files (relative paths) that replace modules or globals: they run isolated. */
function unitFilesNeedingIsolation(): string[] {
  const found: string[] = [];
  for (const root of unitRoots) {
    const dir = r(`./${root}`);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true })) {
      const file = `${root}/${String(entry).split(path.sep).join('/')}`;
      if (!isUnitTestFile(file)) continue;
      if (replacesModulesOrGlobals.test(fs.readFileSync(r(`./${file}`), 'utf8'))) found.push(file);
    }
  }
  return found.sort();
}
const isolatedUnitFiles = unitFilesNeedingIsolation();

const unitTest = {
  exclude: ['**/node_modules/**', '**/dist/**', '**/*.api.test.ts'],
  environment: 'node' as const,
  setupFiles: [r('./apps/web/src/test/setup.ts')],
};

/**
 * The unit files of the device pages: a project of their own. On this 2-core machine Vitest
 * runs one worker (available parallelism - 1), and a project whose files share a worker
 * (`isolate: false`) sends them all to that one worker; projects run one after another. So
 * `npm test` runs the three unit projects as three processes side by side (scripts/test-all.mjs:
 * 61 s against 82 s); `npm run test:unit` runs them one after another.
 */
const unitDeviceFiles = [
  'apps/web/src/features/devices/**/*.test.{ts,tsx}',
  'apps/web/src/features/device-config/**/*.test.{ts,tsx}',
];

const unit: TestProjectInlineConfiguration = {
  ...shared,
  test: {
    ...unitTest,
    name: 'unit',
    include: [
      'packages/contract/src/**/*.test.ts',
      'packages/options-file/src/**/*.test.ts',
      'packages/kdp/src/**/*.test.ts',
      'packages/logsearch/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/build/**/*.test.ts',
      'eslint-rules/**/*.test.js',
    ],
    exclude: [...unitTest.exclude, ...isolatedUnitFiles, ...unitDeviceFiles],
    isolate: false,
  },
};

const unitDevices: TestProjectInlineConfiguration = {
  ...shared,
  test: {
    ...unitTest,
    name: 'unit-devices',
    include: unitDeviceFiles,
    exclude: [...unitTest.exclude, ...isolatedUnitFiles],
    isolate: false,
  },
};

const unitIsolated: TestProjectInlineConfiguration = {
  ...shared,
  test: { ...unitTest, name: 'unit-isolated', include: isolatedUnitFiles },
};

const api: TestProjectInlineConfiguration = {
  ...shared,
  test: {
    name: 'api',
    include: ['apps/server/src/**/*.api.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    // Each API test file boots the app and a database; two at a time fit 2 cores.
    maxWorkers: 2,
    // Files share their worker's module cache (the app's modules are imported once per worker,
    // not once per file: the step's import time drops from ~87 s to ~14 s). Each file still
    // opens its own app and database. API_ISOLATE=1 gives each file its own cache, to check
    // whether a failure comes from module state left by another file.
    isolate: process.env['API_ISOLATE'] === '1',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

const e2e: TestProjectInlineConfiguration = {
  ...shared,
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time (E2E_WORKERS overrides), each worker with its own browser and its own
    // server (the global setup starts one server per worker), so files never see each other's
    // changes.
    maxWorkers: Number(process.env['E2E_WORKERS'] ?? 2),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // In CI a failed browser test runs once more (E2E_RETRY overrides; 0 while developing, so a
    // flaky test shows at once): npm test names every test that passed only on its retry.
    retry: Number(process.env['E2E_RETRY'] ?? (process.env['CI'] ? 1 : 0)),
    globalSetup: ['e2e/support/global-setup.ts'],
  },
};

export default defineConfig({
  test: {
    projects: [
      unit,
      unitDevices,
      ...(isolatedUnitFiles.length > 0 ? [unitIsolated] : []),
      api,
      ...(wantsE2e ? [e2e] : []),
    ],
  },
});
