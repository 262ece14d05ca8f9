import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { throttleAddress } from './client-address.js';
import { bucketKey, THROTTLE_POLICIES, type CredentialThrottle } from './credential-throttle.js';
import type { PassToProvider } from './provider-mount.js';

/** Token requests allowed per address and minute, on each token endpoint. */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

export const TOKEN_MESSAGES = {
  tooManyRequests: (seconds: number) =>
    `Too many token requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** Thrown by the per-address limit (@fastify/rate-limit has already set Retry-After). */
class TokenRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many token requests from this address');
  }
}

/** An OAuth-style error body for a refused token request (RFC 6749 §5.2 shape, status 429). */
function tooManyRequests(reply: FastifyReply, seconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .send({
      error: 'too_many_requests',
      error_description: TOKEN_MESSAGES.tooManyRequests(seconds),
    });
}

/** The client id of a request that presents a client secret (form body or HTTP Basic), else null. */
function secretClientId(request: FastifyRequest): string | null {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body['client_secret'] === 'string' && typeof body['client_id'] === 'string')
    return body['client_id'];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep <= 0) return null;
  try {
    return decodeURIComponent(decoded.slice(0, sep).replace(/\+/g, '%20'));
  } catch {
    return null;
  }
}

/**
 * The token endpoints: the provider's own `POST /auth/token` (the one discovery advertises)
 * and the spec's `POST /connect/token`, which is the same endpoint under another path. Both
 * are limited per address, and guessing a client's secret is throttled per address and client
 * id; the provider authenticates the client (client-secrets.ts verifyClientSecret).
 * Registered in a scope that parses url-encoded forms and registers @fastify/rate-limit.
 */
export function registerTokenEndpoints(
  app: FastifyInstance,
  o: { passToProvider: PassToProvider; throttle: CredentialThrottle },
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = secretClientId(request);
    let settle: ((succeeded: boolean) => Promise<void>) | null = null;
    if (clientId !== null) {
      const answer = await o.throttle.attempt([
        {
          key: bucketKey('client', throttleAddress(request.ip), clientId),
          policy: THROTTLE_POLICIES.guesser,
          onSuccess: 'forget',
        },
      ]);
      if (!answer.allowed) return tooManyRequests(reply, answer.waitSeconds);
      settle = answer.settle;
    }
    // The provider reads the form parsed here (it warns once that a body was parsed upstream).
    (request.raw as IncomingMessage & { body?: unknown }).body = request.body ?? {};
    if (settle) {
      const done = settle;
      // Only a refused client authentication (401 invalid_client) counts as a wrong guess.
      reply.raw.once('finish', () => {
        done(reply.raw.statusCode !== 401).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not settle a token request in the throttle'),
        );
      });
    }
    return o.passToProvider(request, reply, '/auth/token');
  };
  const options = {
    config: {
      rateLimit: {
        max: TOKEN_REQUESTS_PER_MINUTE,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
          new TokenRateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
      },
    },
    errorHandler: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      if (!(error instanceof TokenRateLimited)) throw error;
      void tooManyRequests(reply, error.retryAfterSeconds);
    },
  };
  app.post('/auth/token', options, handler);
  app.post('/connect/token', options, handler);
}
