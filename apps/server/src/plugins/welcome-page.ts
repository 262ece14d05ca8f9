import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WELCOME_BRAND_PLACEHOLDER } from '@aerie/contract';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface WelcomePage {
  html: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The built welcome page (`welcome.html`, a static page that never loads the application) with
 * the configured brand written in, compressed once at start. Null when the build has none.
 */
export function loadWelcomePage(webDist: string, brand: string): WelcomePage | null {
  const file = path.join(webDist, 'welcome.html');
  if (!fs.existsSync(file)) return null;
  const html = Buffer.from(
    fs.readFileSync(file, 'utf8').replaceAll(WELCOME_BRAND_PLACEHOLDER, escapeHtml(brand)),
  );
  return {
    html,
    brotli: zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(html, { level: 9 }),
    etag: `"${crypto.createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/** Which encoding of `Accept-Encoding` to answer with (brotli first), or none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string): boolean =>
    (accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0)) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** `GET /welcome`: the public welcome page (spec 002 "Landing page", issue 15). */
export function registerWelcomePage(app: FastifyInstance, page: WelcomePage): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(
      encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.html,
    );
  };
  // NOTE: the server ignores a trailing slash: this also answers `/welcome/`.
  app.get('/welcome', { compress: false }, handler);
}
