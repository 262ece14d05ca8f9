import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/** Hands a request to the provider under its `/auth` mount, with the prefix stripped. */
export function passToProvider(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  url?: string,
) {
  const raw = request.raw as IncomingMessage & { originalUrl?: string };
  const original = url ?? raw.url ?? '/';
  raw.originalUrl = original;
  raw.url = original.startsWith('/auth') ? original.slice('/auth'.length) || '/' : original;
  reply.hijack();
  const res: ServerResponse = reply.raw;
  return provider.callback()(raw, res);
}
