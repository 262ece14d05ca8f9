import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest|ico)$/;
/** Below this size a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;
/** A compressed copy is kept only when it is at least this much smaller. */
const MAX_RATIO = 0.9;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

export interface PrecompressResult {
  file: string;
  bytes: number;
  brotli: number | null;
  gzip: number | null;
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip level 9) beside every
 * compressible file of `dir`, for the server to send with `Content-Encoding` without
 * compressing on each request. A copy that would not save 10% is not written.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressResult[]> {
  const results: PrecompressResult[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    const keep = (compressed: Buffer): boolean => compressed.length <= content.length * MAX_RATIO;
    if (keep(br)) fs.writeFileSync(`${file}.br`, br);
    if (keep(gz)) fs.writeFileSync(`${file}.gz`, gz);
    results.push({
      file: path.relative(dir, file),
      bytes: content.length,
      brotli: keep(br) ? br.length : null,
      gzip: keep(gz) ? gz.length : null,
    });
  }
  return results;
}

/**
 * Moves the build artefacts out of the served folder into `targetDir` (same relative paths):
 * the source maps (for reading stack traces) and Vite's manifest (`.vite/manifest.json`, which
 * the bundle budget check reads). Browsers are never sent them.
 */
export function moveBuildArtefacts(dir: string, targetDir: string): string[] {
  fs.rmSync(targetDir, { recursive: true, force: true });
  const moved: string[] = [];
  for (const file of filesUnder(dir)) {
    const relative = path.relative(dir, file);
    if (!file.endsWith('.map') && !relative.startsWith(`.vite${path.sep}`)) continue;
    const target = path.join(targetDir, path.relative(dir, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(file, target);
    moved.push(relative);
  }
  fs.rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
  return moved;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The application's chunk (React, the router, Mantine): what every page the app shows loads. */
export const APP_CHUNK = 'src/app/start.tsx';

/**
 * Writes `public.html`: index.html with the application's chunks (the app chunk and its static
 * imports, as module preloads) and its styles preloaded in the head. The server sends it for the
 * public pages (a first-time visitor): the browser fetches the app with the first chunk instead
 * of after it. index.html stays as it is for signed-in addresses, whose first chunk may leave
 * for sign-in without loading the app (decision 025, session 8).
 */
export function writePublicPageHtml(dir: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  if (!manifest[APP_CHUNK]) throw new Error(`the manifest has no ${APP_CHUNK}`);
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(APP_CHUNK);
  const links = [
    // NOTE: preloaded, not linked: a stylesheet in the head blocks the first paint, and the
    // app chunk adds it when it runs (the fetch is already done).
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  const html = index.replace('</head>', `  ${links}\n  </head>`);
  fs.writeFileSync(path.join(dir, 'public.html'), html);
  return html;
}

/**
 * Production delivery of the built web app: `public.html` written, source maps (built `hidden`,
 * so no file names them) and the manifest moved to `artefactsDir`, then every text asset
 * precompressed.
 */
export function assetDelivery(options: { artefactsDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'aerie-asset-delivery',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // A build that failed before writing has nothing to finish; its own error is the one to
      // show.
      if (!fs.existsSync(path.join(outDir, '.vite', 'manifest.json'))) return;
      writePublicPageHtml(outDir);
      moveBuildArtefacts(outDir, options.artefactsDir);
      await precompressDirectory(outDir);
    },
  };
}
