import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test projects (Vitest 4):
 * - unit: contract, server (no `*.api.test.ts`) and web tests. Web tests pick jsdom with a
 *   `// @vitest-environment jsdom` comment at the top of the file.
 * - api:  server API tests (`*.api.test.ts`), in forks, two at a time. They run against PGlite
 *         unless TEST_DATABASE_URL is set (scripts/test-all.mjs runs them both ways).
 * - e2e:  browser tests (`e2e/**\/*.e2e.ts`) against the built server. Only defined when asked
 *         for (`npm run test:e2e`, which sets AERIE_E2E=1, or `--project e2e`), so a plain
 *         `vitest run` never needs a build or a browser.
 *
 * `@aerie/contract` resolves to its TypeScript source, so no test needs a build step.
 */
const r = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const shared = {
  resolve: {
    alias: [{ find: /^@aerie\/contract$/, replacement: r('./packages/contract/src/index.ts') }],
  },
  // Vite 8 transforms TS/TSX with Oxc: compile JSX with React's automatic runtime.
  oxc: { jsx: { runtime: 'automatic' as const, importSource: 'react' } },
};

const argv = process.argv.join(' ');
const wantsE2e = process.env.AERIE_E2E === '1' || /--project[= ]e2e\b/.test(argv);

const unit: TestProjectInlineConfiguration = {
  ...shared,
  test: {
    name: 'unit',
    include: [
      'packages/contract/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'eslint-rules/**/*.test.js',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.api.test.ts'],
    environment: 'node',
  },
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
    // One browser, one server: files run one after another in a single fork.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
};

export default defineConfig({
  test: {
    projects: wantsE2e ? [unit, api, e2e] : [unit, api],
  },
});
