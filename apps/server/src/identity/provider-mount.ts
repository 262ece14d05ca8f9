import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * An onRequest hook for every identity route that pins the request's Host and forwarded
 * headers to the public address (and the caller's address as Fastify determined it, TRUST_PROXY
 * aware), replacing whatever the client sent.
 *
 * NOTE: oidc-provider (Koa) builds its endpoints (discovery, the sign-out form's action,
 * redirects) and decides whether its cookies are Secure from the request's Host and, as it
 * trusts a proxy (mountProvider), X-Forwarded-Host/-Proto. Those come from the client:
 * `Host: evil.example` made the discovery document point at evil.example.
 */
export function pinToPublicUrl(publicUrl: string) {
  const pinned = new URL(publicUrl);
  const proto = pinned.protocol.slice(0, -1);
  return async (request: FastifyRequest): Promise<void> => {
    const ip = request.ip;
    const headers = request.raw.headers;
    headers.host = pinned.host;
    headers['x-forwarded-host'] = pinned.host;
    headers['x-forwarded-proto'] = proto;
    headers['x-forwarded-for'] = ip;
    delete headers.forwarded;
  };
}

/** Hands a request to the provider under its `/auth` mount; `url` replaces the request's path. */
export type PassToProvider = (
  request: FastifyRequest,
  reply: FastifyReply,
  url?: string,
) => Promise<void>;

/** Mounts the provider at `/auth`; it reads the forwarded headers pinToPublicUrl sets. */
export function mountProvider(provider: Provider): PassToProvider {
  provider.proxy = true;
  return async (request, reply, url) => {
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const original = url ?? raw.url ?? '/';
    raw.originalUrl = original;
    raw.url = original.startsWith('/auth') ? original.slice('/auth'.length) || '/' : original;
    reply.hijack();
    const res: ServerResponse = reply.raw;
    return provider.callback()(raw, res);
  };
}
