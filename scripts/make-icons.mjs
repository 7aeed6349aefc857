#!/usr/bin/env node
// Draws the app icons (PNG, every size the manifest and iOS ask for) from the one logo drawing
// below with sharp. Run once after changing the logo: `node scripts/make-icons.mjs`; the PNGs are
// committed (a few KB each) so a build needs no image tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const out = new URL('../apps/web/public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });

const mark = '<path d="M9 8h4v12h10v4H9z" fill="#fff"/>';
/** The rounded-square logo (as favicon.svg). */
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/>${mark}</svg>`;
/** Maskable: full-bleed background, the mark inside the 80 % safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(4.8 4.8) scale(0.7)">${mark}</g></svg>`;

const icons = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
  ['favicon-32.png', logo, 32],
];
for (const [name, svg, size] of icons) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(new URL(name, out), png);
  console.log(`${name} ${size}×${size} ${png.length} bytes`);
}
