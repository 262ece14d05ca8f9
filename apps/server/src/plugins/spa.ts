import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { allEndpoints, isPublicPagePath } from '@aerie/contract';
import { errorBody } from './errors.js';
import { loadWelcomePage, registerWelcomePage } from './welcome-page.js';

/**
 * First path segments that belong to the API (every contract endpoint's: `v2`, `v2.1`, `live`,
 * `health`, ...) or the identity provider's token endpoint: never answered with the SPA.
 */
const API_SEGMENTS = new Set([
  ...allEndpoints.map((e) => e.path.split('/')[1] ?? ''),
  'connect',
  'apidocs',
]);

function isApiPath(url: string): boolean {
  const segment = url.split(/[/?#]/)[1] ?? '';
  return API_SEGMENTS.has(segment);
}

/**
 * Paths that are both a page of the web app and an API call (the System Health page and
 * `GET /health`): a browser navigation (Accept: text/html) gets the page.
 */
const SHARED_PATHS = new Set(['/health']);

/** The SPA's own callback routes under /auth (spec 000 §2.1); the rest of /auth is the identity provider. */
export const SPA_AUTH_ROUTES = [
  '/auth/signinwin/:name',
  '/auth/signinpop',
  '/auth/signoutpop',
  '/auth/signinsilent',
];

/**
 * Serves the built web app with history fallback: any GET that is not an API
 * path and accepts HTML gets index.html. Unknown API paths answer a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | null,
  brand: string,
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasSpa = !!indexFile && fs.existsSync(indexFile);
  // A public page's HTML names the application's chunks, so that a first-time visitor's
  // browser fetches them with the first chunk (apps/web/build/asset-delivery.ts). Signed-in
  // addresses get index.html, whose first chunk may leave for sign-in without them.
  const hasPublicHtml = !!webDist && fs.existsSync(path.join(webDist, 'public.html'));
  const pageHtml = (url: string): string =>
    hasPublicHtml && isPublicPagePath(url) ? 'public.html' : 'index.html';
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset: sent with Content-Encoding
      // and `Vary: Accept-Encoding`, never compressed per request.
      preCompressed: true,
      // The welcome page's template (its brand not yet written in) is answered at /welcome.
      allowedPath: (pathName) => pathName !== '/welcome.html',
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (
        request.method === 'GET' &&
        SHARED_PATHS.has(path) &&
        (request.headers.accept ?? '').includes('text/html')
      ) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
    });
    // The welcome page is static HTML of its own, without the application.
    const welcome = loadWelcomePage(webDist!, brand);
    if (welcome) registerWelcomePage(app, welcome);
    for (const route of SPA_AUTH_ROUTES) {
      app.get(route, async (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
  } else {
    app.log.warn({ webDist }, 'the web app is not built: only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(url);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasSpa && request.method === 'GET' && !isApi && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile(pageHtml(url));
    }
    return reply.status(404).send(errorBody(404, `No route for ${request.method} ${url}.`));
  });
}
