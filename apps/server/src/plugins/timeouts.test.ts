import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app.js';

// Issue 13: a request body sent slowly was never timed out (100 of 100 still open after 100 s).
const t = useTestApp({ REQUEST_TIMEOUT_SECONDS: '2' });
// under-pressure: a heap limit every process is above answers 503 with Retry-After.
const pressed = useTestApp({ PRESSURE_MAX_HEAP_MB: '1' });

describe('request timeout', () => {
  it('cuts off a body sent a byte a second with 408 and closes the connection', { timeout: 60_000 }, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += String(d)));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    const started = Date.now();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    let sent = 1;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
      sent += 1;
    }, 1000);
    const closedAt = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 40_000))]);
    clearInterval(drip);
    socket.destroy();
    expect(closedAt).toBeGreaterThan(0); // closed by the server, not still open after 40 s
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    // Closed around the 2 s limit (plus Node's check interval), long before the 1000 bytes came.
    expect(sent).toBeLessThan(30);
    expect(closedAt - started).toBeGreaterThanOrEqual(1_900);
  });

  it('leaves a request that arrives in time alone', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('under pressure', () => {
  it('answers 503 with Retry-After while the heap is over the limit', { timeout: 30_000 }, async () => {
    let res = await pressed.request({ method: 'GET', url: '/api/health' });
    // The first sample is taken a second after start.
    for (let i = 0; i < 50 && res.statusCode !== 503; i++) {
      await new Promise((r) => setTimeout(r, 200));
      res = await pressed.request({ method: 'GET', url: '/api/health' });
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json()).toEqual({
      code: 'OVERLOADED',
      message: 'The server is busy. Please try again in a few seconds.',
    });
  });
});
