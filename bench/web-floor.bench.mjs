#!/usr/bin/env node
// The floor of the web stack (issue 13, docs/performance.md): the gzipped JavaScript of the
// smallest pages the chosen libraries allow, built by Vite exactly as the portal is built.
//
//   react      React 19 and React DOM rendering one heading
//   shell      the same with TanStack Router (one route), MantineProvider and a Title, a Text
//              and a Button: what any page of the portal needs before its own code
//
// A page budget below these floors cannot be met without changing the stack; the budgets of
// scripts/check-bundle-budgets.mjs are set from them. Writes bench/results/web-floor.json.
//
//   node bench/web-floor.bench.mjs
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(root, 'apps/web');

const pages = {
  react: `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<h1>Welcome</h1>);
`,
  shell: `import '@mantine/core/styles.css';
import { Button, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
const rootRoute = createRootRoute({ component: Outlet });
const page = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => (
    <Stack><Title>Welcome</Title><Text>Hello</Text><Button component={Link} to="/">Go</Button></Stack>
  ),
});
const router = createRouter({ routeTree: rootRoute.addChildren([page]) });
createRoot(document.getElementById('root')).render(
  <MantineProvider><RouterProvider router={router} /></MantineProvider>,
);
`,
};

const results = {};
// NOTE: inside apps/web so the build resolves the portal's own packages and versions.
const work = mkdtempSync(join(webRoot, '.floor-'));
try {
  for (const [name, source] of Object.entries(pages)) {
    const dir = join(work, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'main.jsx'), source);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    );
    const outDir = join(dir, 'dist');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const assets = join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const bytes = scripts.reduce(
      (sum, file) => sum + zlib.gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
      0,
    );
    results[name] = { gzippedKb: Number((bytes / 1024).toFixed(1)), scripts: scripts.length };
    console.log(`${name.padEnd(6)} ${(bytes / 1024).toFixed(1)} KB gzipped`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/web-floor.json'),
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
