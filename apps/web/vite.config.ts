import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { assetDelivery } from './build/asset-delivery';
import { mantineStylesCheck } from './build/mantine-styles';
import { welcomePageInDevelopment } from './build/welcome-page';

const require = createRequire(import.meta.url);

const apiTarget = 'http://localhost:8080';

/** Paths the API server answers; in development Vite forwards them to it. */
const proxiedPaths = [
  '/v1',
  '/v2',
  '/v2.1',
  '/v3',
  '/connect',
  '/health',
  '/status',
  '/config.json',
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // /welcome is its own static page (welcome.html); the server fills in the brand.
    welcomePageInDevelopment(),
    // Source maps and the manifest are build artefacts beside dist/, never served; text assets
    // precompressed.
    assetDelivery({ artefactsDir: path.join(import.meta.dirname, 'dist-artefacts') }),
    // Mantine's styles are imported per component: the build fails when the list and the
    // components in use differ.
    mantineStylesCheck({
      listFile: path.join(import.meta.dirname, 'src/app/mantine-styles.css'),
      coreDir: path.dirname(require.resolve('@mantine/core/styles.css')),
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Which chunks each page loads first (scripts/check-bundle-budgets.mjs reads it).
    manifest: true,
    // Every browser the portal supports knows modulepreload: no polyfill chunk on every page.
    modulePreload: {
      polyfill: false,
      // The app's chunk (app/start) fetches its imports in parallel with itself. A lazy page's
      // chunk gets only its styles ahead: a <link rel="modulepreload"> per imported chunk (70
      // for /jobs) was one task of 50 ms at load, 200 ms on a phone; the browser's own module
      // loading fetches and compiles the imports in tasks of their own (issue 13,
      // docs/performance.md). Pages are preloaded on intent before a click anyway.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && !isAppChunk(filename)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
    rolldownOptions: {
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        welcome: path.join(import.meta.dirname, 'welcome.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget }])),
      // NOTE: the SPA owns the sign-in callback pages under /auth (spec 000 §2.1);
      // everything else under /auth is the identity provider on the API server.
      '/auth': {
        target: apiTarget,
        bypass: (req) => (isSpaAuthPath(req.url ?? '') ? '/index.html' : undefined),
      },
    },
  },
});

/** The application's chunk (src/app/start.tsx): `assets/start-<hash>.js`. */
function isAppChunk(filename: string): boolean {
  return /(?:^|\/)start-[\w-]+\.js$/.test(filename);
}

function isSpaAuthPath(url: string): boolean {
  return /^\/auth\/(signinwin\/[^/?#]+|signinpop|signoutpop|signinsilent)(?:[/?#]|$)/.test(url);
}
