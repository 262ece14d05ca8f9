import type { FastifyPluginAsync } from 'fastify';
import { allEndpoints, api, buildOpenApiDocument } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { APP_VERSION } from '../../version.js';
import type { FeatureFactory } from '../feature.js';

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document generated from the contract's endpoint
 * declarations (built once, on first request).
 */
export const createDocsFeature: FeatureFactory<never> = ({ config }) => {
  const title = `${config.brand} API`;
  // The identity provider's OpenID Connect discovery document.
  const openIdConnectUrl = `${config.identity.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let document: Record<string, unknown> | null = null;
  const routes: FastifyPluginAsync = async (app) => {
    route(app, api.docs.openapi, async (_request, reply) => {
      document ??= buildOpenApiDocument(allEndpoints, {
        title,
        version: APP_VERSION,
        description: `The ${config.brand} fleet portal's API. Calls need a bearer token from the portal's sign-in or, for API clients, the client credentials grant.`,
        openIdConnectUrl,
      });
      reply.header('cache-control', 'no-cache');
      return document;
    });
  };
  return { name: 'docs', routes };
};
