import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aerie-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Aerie</title><div id="root"></div>',
  );
  // The build's copy for public pages, which names the application's chunks.
  fs.writeFileSync(
    path.join(webDist, 'public.html'),
    '<!doctype html><title>Aerie</title><link rel="modulepreload" href="/assets/start-s.js"><div id="root"></div>',
  );
  // The static welcome page, with the brand's placeholder (apps/web/welcome.html).
  fs.writeFileSync(
    path.join(webDist, 'welcome.html'),
    `<!doctype html><title>{{brand}}: the fleet portal</title><h1>Welcome to {{brand}}</h1>${'<p>features</p>'.repeat(200)}`,
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build writes beside a text asset (apps/web/build/asset-delivery.ts).
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(webDist, 'assets', 'main-def456.js'), script);
  fs.writeFileSync(
    path.join(webDist, 'assets', 'main-def456.js.br'),
    zlib.brotliCompressSync(script),
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'main-def456.js.gz'), zlib.gzipSync(script));
  ctx = await createTestContext({ WEB_DIST: webDist, BRAND: 'Sky & <Sea>' });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  it('answers deep links with index.html (history fallback)', async () => {
    for (const url of [
      '/home',
      '/devices/123/overview',
      '/resources/topic?rootDir=/documents/SOFTWARE',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("answers a public page with public.html, which preloads the application's chunks", async () => {
    for (const url of ['/configurator', '/loadError', '/maintenance?from=x']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('rel="modulepreload" href="/assets/start-s.js"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A signed-in address may leave for sign-in from the first chunk: no preloads.
    for (const url of ['/home', '/devices', '/welcome/more', '/auth/signinwin/main']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('modulepreload');
    }
  });

  it('answers /welcome with the static welcome page, the brand written in, compressed and revalidated', async () => {
    for (const url of ['/welcome', '/welcome/', '/welcome?from=mail']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<h1>Welcome to Sky &amp; &lt;Sea&gt;</h1>');
      expect(res.body, url).not.toContain('{{brand}}');
      // Not the application: no root element, no preloads of its chunks.
      expect(res.body, url).not.toContain('id="root"');
    }
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/welcome',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('Sky &amp; &lt;Sea&gt;');
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/welcome',
      headers: { ...html, 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('Sky &amp; &lt;Sea&gt;');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/welcome',
      headers: { ...html, 'if-none-match': String(br.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers a browser navigation to /health with the page, and API calls with the health map', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/health', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/health',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(401);
  });

  it("serves the SPA's sign-in callback routes under /auth, not the identity provider", async () => {
    for (const url of [
      '/auth/signinwin/main?code=x&state=y',
      '/auth/signinsilent',
      '/auth/signinpop',
      '/auth/signoutpop',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime and index.html without', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await ctx.app.inject({ method: 'GET', url: '/home', headers: html });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, with Content-Encoding and Vary', async () => {
    const url = '/assets/main-def456.js';
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('console.log("xxx');

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('console.log("xxx');

    const plain = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.body).toContain('console.log("xxx');
  });

  it('serves no source maps and no build manifest', async () => {
    for (const url of ['/assets/main-def456.js.map', '/.vite/manifest.json']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sends a Content-Security-Policy that allows only its own scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/home', headers: html });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('sends the same security headers on every answer: pages, API calls, errors', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/home', headers: html }),
      await ctx.app.inject({ method: 'GET', url: '/status' }),
      await ctx.app.inject({ method: 'GET', url: '/v2/does-not-exist' }),
    ];
    const csp = answers[0]!.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(csp);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      // Served over plain HTTP here: no HSTS (config.publicUrl decides).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('never answers API paths with the SPA', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/does-not-exist', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
