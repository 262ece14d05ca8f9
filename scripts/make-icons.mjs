#!/usr/bin/env node
// Renders the brand's app icons from apps/web/public/favicon.svg with Debian's Chromium:
// favicon.ico (32 px, PNG inside), apple-touch-icon.png (180 px), icon-192.png, icon-512.png
// and a maskable icon-maskable-512.png (the mark inside the safe zone on the brand colour).
// Run after changing the mark: `node scripts/make-icons.mjs`; the files are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BRAND = '#033b4d';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();

async function render(size, { maskable = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable
    ? `<div style="width:${size}px;height:${size}px;background:${BRAND};display:grid;place-items:center">
         <div style="width:${size * 0.7}px;height:${size * 0.7}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></div>`
    : svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${inner}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file holding one PNG image (supported by every current browser). */
function ico(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico(await render(32), 32));
fs.writeFileSync(
  path.join(publicDir, 'apple-touch-icon.png'),
  await render(180, { maskable: true }),
);
fs.writeFileSync(path.join(publicDir, 'icon-192.png'), await render(192));
fs.writeFileSync(path.join(publicDir, 'icon-512.png'), await render(512));
fs.writeFileSync(
  path.join(publicDir, 'icon-maskable-512.png'),
  await render(512, { maskable: true }),
);
await browser.close();
console.log('icons written to', publicDir);
