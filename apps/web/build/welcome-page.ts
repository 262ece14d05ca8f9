import { DEFAULT_BRAND, WELCOME_BRAND_PLACEHOLDER } from '@aerie/contract';
import type { Plugin } from 'vite';

/**
 * In development (`vite`), `/welcome` is answered with welcome.html, the static welcome page,
 * and its brand is the default one; in production the API server does both
 * (apps/server/src/plugins/welcome-page.ts).
 */
export function welcomePageInDevelopment(): Plugin {
  return {
    name: 'aerie-welcome-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (/^\/welcome\/?(?:[?#]|$)/.test(req.url ?? '')) req.url = '/welcome.html';
        next();
      });
    },
    transformIndexHtml(html, context) {
      return context.path.endsWith('/welcome.html')
        ? html.replaceAll(WELCOME_BRAND_PLACEHOLDER, DEFAULT_BRAND)
        : html;
    },
  };
}
