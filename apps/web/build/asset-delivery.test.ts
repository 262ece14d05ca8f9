import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_CHUNK,
  moveBuildArtefacts,
  precompressDirectory,
  writePublicPageHtml,
} from './asset-delivery';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'aerie-assets-'));
  fs.mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist/.vite'), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, content: string | Buffer): void =>
  fs.writeFileSync(path.join(root, file), content);

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies that decompress to the original', async () => {
    const script = `export const x = ${JSON.stringify('fleet '.repeat(2000))};`;
    write('dist/assets/app-1.js', script);
    const results = await precompressDirectory(path.join(root, 'dist'));
    expect(results.map((r) => r.file)).toEqual([path.join('assets', 'app-1.js')]);
    const br = fs.readFileSync(path.join(root, 'dist/assets/app-1.js.br'));
    const gz = fs.readFileSync(path.join(root, 'dist/assets/app-1.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });

  it('leaves small files, images and incompressible files alone', async () => {
    write('dist/assets/tiny.js', 'export {};');
    write('dist/assets/logo.png', Buffer.alloc(4096, 7));
    write('dist/assets/random.json', JSON.stringify(Array.from({ length: 400 }, Math.random)));
    write('dist/assets/noise.css', crypto.randomBytes(4096));
    await precompressDirectory(path.join(root, 'dist'));
    const files = fs.readdirSync(path.join(root, 'dist/assets')).sort();
    expect(files).not.toContain('tiny.js.br');
    expect(files).not.toContain('logo.png.br');
    expect(files).not.toContain('noise.css.gz');
    expect(files).toContain('random.json.gz');
  });
});

describe('moveBuildArtefacts', () => {
  it('moves source maps and the manifest out of the served folder', () => {
    write('dist/assets/app-1.js', 'export {};');
    write('dist/assets/app-1.js.map', '{}');
    write('dist/.vite/manifest.json', '{}');
    const moved = moveBuildArtefacts(path.join(root, 'dist'), path.join(root, 'artefacts'));
    expect(moved.sort()).toEqual([
      path.join('.vite', 'manifest.json'),
      path.join('assets', 'app-1.js.map'),
    ]);
    expect(fs.existsSync(path.join(root, 'dist/assets/app-1.js.map'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist/.vite'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist/assets/app-1.js'))).toBe(true);
    expect(fs.readFileSync(path.join(root, 'artefacts/assets/app-1.js.map'), 'utf8')).toBe('{}');
    expect(fs.existsSync(path.join(root, 'artefacts/.vite/manifest.json'))).toBe(true);
  });
});

describe('writePublicPageHtml', () => {
  it("links the application's chunks and styles in the head of public.html", () => {
    const dir = path.join(root, 'dist');
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-a.js', imports: ['_roles-r.js'] },
        [APP_CHUNK]: {
          file: 'assets/start-s.js',
          imports: ['_react-x.js', '_roles-r.js'],
          css: ['assets/start-s.css'],
        },
        '_react-x.js': { file: 'assets/react-x.js', imports: ['_roles-r.js'] },
        '_roles-r.js': { file: 'assets/roles-r.js' },
        'src/lib/auth-client.ts': { file: 'assets/auth-client-c.js' },
      }),
    );
    const index = '<html><head><title>Aerie</title></head><body></body></html>';
    fs.writeFileSync(path.join(dir, 'index.html'), index);

    const html = writePublicPageHtml(dir);

    expect(fs.readFileSync(path.join(dir, 'public.html'), 'utf8')).toBe(html);
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(index);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(
      [...head.matchAll(/<link rel="(\w+)"(?: as="style")? crossorigin href="([^"]+)">/g)].map(
        (m) => [m[1], m[2]],
      ),
    ).toEqual([
      ['preload', '/assets/start-s.css'],
      ['modulepreload', '/assets/start-s.js'],
      ['modulepreload', '/assets/react-x.js'],
      ['modulepreload', '/assets/roles-r.js'],
    ]);
    expect(html).not.toContain('auth-client');
  });
});
