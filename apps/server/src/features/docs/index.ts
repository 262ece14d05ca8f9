import type { FastifyPluginAsync } from 'fastify';
import { allEndpoints, api, buildOpenApiDocument } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';

export interface DocsOptions {
  brand: string;
  version: string;
  /** The identity provider's OpenID Connect discovery document. */
  openIdConnectUrl: string;
}

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document generated from the contract's endpoint
 * declarations (built once, on first request).
 */
export function createDocsFeature(options: DocsOptions): { routes: FastifyPluginAsync } {
  let document: Record<string, unknown> | null = null;
  const routes: FastifyPluginAsync = async (app) => {
    route(app, api.docs.openapi, async (_request, reply) => {
      document ??= buildOpenApiDocument(allEndpoints, {
        title: `${options.brand} API`,
        version: options.version,
        description: `The ${options.brand} fleet portal's API. Calls need a bearer token from the portal's sign-in or, for API clients, the client credentials grant.`,
        openIdConnectUrl: options.openIdConnectUrl,
      });
      reply.header('cache-control', 'no-cache');
      return document;
    });
  };
  return { routes };
}
