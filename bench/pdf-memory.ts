/**
 * Streams PDF reports of growing size over real HTTP (the body is read and dropped, as a browser
 * saving a download would) and records time to first byte, total time, size and the peak growth
 * of the server's JS heap while the report is written. Used by analytics.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { addDays, todayIn } from '@ledgerly/shared';

export async function measurePdfExports(app: FastifyInstance, token: string, spans: number[]): Promise<void> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    `\n${'PDF export (last N days)'.padEnd(28)} ${'rows'.padStart(8)} ${'pages'.padStart(6)} ${'MB'.padStart(6)} ${'first byte ms'.padStart(14)} ${'total ms'.padStart(9)} ${'live heap +MB'.padStart(14)}`,
  );
  for (const days of spans) {
    const startDate = addDays(todayIn('UTC'), -(days - 1));
    const count = await app.inject({
      method: 'GET',
      url: `/api/analytics/summary?startDate=${startDate}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = count.json<{ data: { transactionCount: number } }>().data.transactionCount;
    global.gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    // With --expose-gc, collect before each sample: the peak is then of live memory, not of
    // garbage waiting for the collector.
    const sampler = setInterval(() => {
      global.gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 100);
    const t0 = performance.now();
    const res = await fetch(`${address}/api/export/pdf?startDate=${startDate}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let firstByte = 0;
    let bytes = 0;
    let pages = '?';
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = performance.now() - t0;
      bytes += chunk.length;
      // pdfkit writes each PDF object in its own chunk; the page tree's /Count comes last.
      const count = /\/Count (\d+)/.exec(Buffer.from(chunk).toString('latin1'));
      if (count?.[1]) pages = count[1];
    }
    const total = performance.now() - t0;
    clearInterval(sampler);
    console.log(
      `${String(days).padEnd(28)} ${String(rows).padStart(8)} ${pages.padStart(6)} ${(bytes / 1e6).toFixed(2).padStart(6)} ${firstByte.toFixed(0).padStart(14)} ${total.toFixed(0).padStart(9)} ${((peak - base) / 1e6).toFixed(1).padStart(14)}`,
    );
  }
}
