import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { TEST_PG_URL } from '../../test/test-db.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const t = useTestApp({ METRICS_TOKEN: TOKEN, RECURRING_SWEEP: 'on' });
const without = useTestApp();

const scrape = (token?: string) =>
  t.request({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics', () => {
  it('is a 404 when METRICS_TOKEN is unset', async () => {
    const res = await without.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('is a 401 without the token or with another one', async () => {
    for (const res of [await scrape(), await scrape('wrong-token-0123456789abcdef'), await scrape(TOKEN + 'x')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('ledgerly_');
    }
  });

  it('counts requests per route pattern and status class, with latency, pool, database kind and sweep runs', async () => {
    const { token } = await registerUser(t);
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/categories', token });
    // A stranger's id: 404 under the route pattern, never the id itself.
    await t.request({ method: 'GET', url: '/api/transactions/7a1f3c52-0000-4000-8000-000000000000', token });
    await t.request({ method: 'GET', url: '/api/categories' }); // 401

    // The sweep runs once at start-up.
    let body = '';
    for (let i = 0; i < 50; i++) {
      const res = await scrape(TOKEN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      body = res.body;
      if (body.includes('ledgerly_recurring_sweep_runs_total{outcome="ok"} 1')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(body).toContain('ledgerly_recurring_sweep_runs_total{outcome="ok"} 1');
    expect(body).toContain('ledgerly_recurring_sweep_runs_total{outcome="failed"} 0');
    expect(body).toContain('ledgerly_http_requests_total{method="GET",route="/api/health",status_class="2xx"} 2');
    expect(body).toContain('ledgerly_http_requests_total{method="GET",route="/api/categories",status_class="2xx"} 1');
    expect(body).toContain('ledgerly_http_requests_total{method="GET",route="/api/categories",status_class="4xx"} 1');
    expect(body).toContain(
      'ledgerly_http_requests_total{method="GET",route="/api/transactions/:id",status_class="4xx"} 1',
    );
    expect(body).toContain(
      'ledgerly_http_requests_total{method="POST",route="/api/auth/register",status_class="2xx"} 1',
    );
    expect(body).not.toContain('7a1f3c52');
    expect(body).toMatch(
      /ledgerly_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health"\} 2/,
    );
    expect(body).toContain('ledgerly_http_request_duration_seconds_count{method="GET",route="/api/health"} 2');
    expect(body).toContain(`ledgerly_database_info{kind="${TEST_PG_URL ? 'postgres' : 'pglite'}"} 1`);
    expect(body).toMatch(/ledgerly_db_pool_connections\{state="total"\} \d+/);
    expect(body).toMatch(/ledgerly_db_pool_connections\{state="waiting"\} 0/);
    expect(body).toContain('ledgerly_process_cpu_seconds_total');
  });
});
