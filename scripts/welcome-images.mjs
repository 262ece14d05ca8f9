#!/usr/bin/env node
/**
 * Makes the welcome page's product pictures (apps/web/src/welcome/images/*.webp) from the
 * screenshots the browser tests keep in docs/images/: the top 1440x900 of each, scaled to the
 * widths the page's `srcset` offers (a dark twin for visitors in dark mode) and encoded as WebP by Chromium's own encoder.
 *
 *   node scripts/welcome-images.mjs
 *
 * Run it after the screenshots change (e2e/*.e2e.ts write them), then view the pictures.
 */
/* global document, Image -- the page.evaluate callback runs in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/web/src/welcome/images');
/** [source screenshot, picture name] */
const pictures = [
  ['home.png', 'fleet-home'],
  ['home-dark.png', 'fleet-home-dark'],
  ['device-list.png', 'device-list'],
  ['dark-device-list.png', 'device-list-dark'],
  ['device-overview.png', 'device-overview'],
  ['dark-device-overview.png', 'device-overview-dark'],
];
const CROP = { width: 1440, height: 900 };
const WIDTHS = [640, 1200];
const QUALITY = 0.8;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  fs.mkdirSync(outDir, { recursive: true });
  for (const [source, name] of pictures) {
    const png = fs.readFileSync(path.join(root, 'docs/images', source)).toString('base64');
    for (const width of WIDTHS) {
      const dataUrl = await page.evaluate(
        async ({ png, crop, width, quality }) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const height = Math.round((crop.height * width) / crop.width);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d');
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, crop.width, crop.height, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { png, crop: CROP, width, quality: QUALITY },
      );
      const file = path.join(outDir, `${name}-${width}.webp`);
      fs.writeFileSync(file, Buffer.from(dataUrl.split(',')[1], 'base64'));
      console.log(path.relative(root, file), fs.statSync(file).size, 'bytes');
    }
  }
} finally {
  await browser.close();
}
