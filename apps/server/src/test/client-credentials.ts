import type { FastifyInstance } from 'fastify';

/**
 * `POST /connect/token` with the client credentials grant and the partners API scope, as a
 * partner's API client asks for a token (spec 000). The answer as it came, for the test to check.
 */
export function requestClientToken(app: FastifyInstance, clientId: string, secret: string) {
  return app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });
}
