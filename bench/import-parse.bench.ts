/**
 * Import parse benchmark: builds statement files of N postings in memory (a German-style CSV
 * with junk lines, decimal commas and a debit/credit split; an OFX 1 SGML file; a QIF file)
 * and times parseStatement on each, with the heap growth it needed. A benchmark, not a test.
 *
 *   node --expose-gc --import tsx bench/import-parse.bench.ts [--rows 100000] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parseStatement } from '../apps/server/src/modules/imports/parse/index.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const rows = Number(values.rows);
const runs = Number(values.runs);

const day = (i: number) => {
  const d = new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000);
  return {
    d: String(d.getUTCDate()).padStart(2, '0'),
    m: String(d.getUTCMonth() + 1).padStart(2, '0'),
    y: String(d.getUTCFullYear()),
  };
};
const money = (i: number) => `${Math.floor((i * 7919) % 250000) / 100}`;

function csv(): string {
  const lines = [
    'Kontoinhaber;Max Mustermann;;;',
    'Zeitraum;01.01.2020 - 31.12.2024;;;',
    '',
    'Buchungstag;Verwendungszweck;Empfänger;Soll;Haben',
  ];
  for (let i = 0; i < rows; i++) {
    const { d, m, y } = day(i);
    const amount = money(i).replace('.', ',');
    lines.push(
      `${d}.${m}.${y};"Zahlung ${i} Referenz ${(i * 31) % 9973}";Händler ${i % 500};${i % 5 ? `-${amount}` : ''};${i % 5 ? '' : amount}`,
    );
  }
  return lines.join('\r\n');
}

function ofx(): string {
  const out = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>',
  ];
  for (let i = 0; i < rows; i++) {
    const { d, m, y } = day(i);
    out.push(
      `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${y}${m}${d}120000[-5:EST]\n<TRNAMT>-${money(i)}\n<FITID>${i}\n<NAME>Payee ${i % 500}\n<MEMO>Memo ${i}\n</STMTTRN>`,
    );
  }
  out.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
  return out.join('\n');
}

function qif(): string {
  const out = ['!Type:Bank'];
  for (let i = 0; i < rows; i++) {
    const { d, m, y } = day(i);
    out.push(
      `D${Number(m)}/${Number(d)}/${y.slice(2)}`,
      `T-${money(i)}`,
      `PPayee ${i % 500}`,
      `LCategory ${i % 20}`,
      '^',
    );
  }
  return out.join('\n');
}

const gc = (globalThis as { gc?: () => void }).gc;
for (const [name, make] of [
  ['csv', csv],
  ['ofx', ofx],
  ['qif', qif],
] as const) {
  const bytes = new TextEncoder().encode(make());
  const times: number[] = [];
  const cpu: number[] = [];
  let heap = 0;
  for (let r = 0; r < runs; r++) {
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = parseStatement(bytes, {});
    times.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
    heap = Math.max(heap, process.memoryUsage().heapUsed - before);
    if (result.postings.length !== rows || result.postings.some((p) => p.error))
      throw new Error(`${name}: read ${result.postings.length} postings`);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // CPU time is what the parse costs; wall time also counts waiting for a busy machine
  console.log(
    `${name}: ${rows.toLocaleString('en-US')} postings, ${(bytes.length / 1e6).toFixed(1)} MB — CPU median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} ms (wall ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms), heap growth ≤ ${(heap / 1e6).toFixed(0)} MB`,
  );
}
