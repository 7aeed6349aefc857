import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import type { SweepResult } from '../jobs/recurring-sweep.js';

/** What the rest of the app reports to the metrics (the recurring sweep). */
export interface Metrics {
  /** One run of the recurring sweep: its result, or null when the run failed as a whole. */
  sweepRun(result: SweepResult | null): void;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics in Prometheus text format (prom-client), readable only with
 * `Authorization: Bearer $METRICS_TOKEN`: 404 when METRICS_TOKEN is unset (as if there were no
 * such page), 401 with another token. Each app has its own registry (tests build several).
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ledgerly_' });

  const requests = new Counter({
    name: 'ledgerly_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (4xx/5xx are the errors)',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ledgerly_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'ledgerly_database_info',
    help: 'The database in use: kind is pglite or postgres',
    labelNames: ['kind'] as const,
    registers: [registry],
  })
    .labels(database.kind)
    .set(1);
  new Gauge({
    name: 'ledgerly_db_pool_connections',
    help: 'Database connections of this instance by state: total, idle, waiting (requests queued for one); PGlite has one connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
      this.labels('total').set(pool.total);
      this.labels('idle').set(pool.idle);
      this.labels('waiting').set(pool.waiting);
    },
  });
  const sweepRuns = new Counter({
    name: 'ledgerly_recurring_sweep_runs_total',
    help: 'Runs of the recurring sweep by outcome (ok, or failed as a whole)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const sweepGenerated = new Counter({
    name: 'ledgerly_recurring_sweep_generated_total',
    help: 'Transactions the recurring sweep generated',
    registers: [registry],
  });
  const sweepFailedItems = new Counter({
    name: 'ledgerly_recurring_sweep_failed_items_total',
    help: 'Recurring items whose generation failed in a sweep (retried on the next run)',
    registers: [registry],
  });
  sweepRuns.labels('ok').inc(0);
  sweepRuns.labels('failed').inc(0);

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (/api/transactions/:id), never the URL: ids and query strings stay out.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.labels(request.method, route, statusClass(reply.statusCode)).inc();
    duration.labels(request.method, route).observe(reply.elapsedTime / 1000);
  });

  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  return {
    sweepRun(result) {
      sweepRuns.labels(result ? 'ok' : 'failed').inc();
      if (result) {
        sweepGenerated.inc(result.generated);
        sweepFailedItems.inc(result.failed);
      }
    },
  };
}
