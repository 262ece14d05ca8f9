import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { assetDelivery } from './build/asset-delivery';
import { welcomePageInDevelopment } from './build/welcome-page';

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
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Which chunks each page loads first (scripts/check-bundle-budgets.mjs reads it).
    manifest: true,
    // Every browser the portal supports knows modulepreload: no polyfill chunk on every page.
    modulePreload: { polyfill: false },
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

function isSpaAuthPath(url: string): boolean {
  return /^\/auth\/(signinwin\/[^/?#]+|signinpop|signoutpop|signinsilent)(?:[/?#]|$)/.test(url);
}
