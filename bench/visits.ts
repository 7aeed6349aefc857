/**
 * The realistic visits of issue 24, shared by `npm run bench` (http.bench.ts) and
 * `npm run bench:visits` (visits.bench.ts, A/B runs of two server builds).
 *
 * A visit is what the web app sends when a signed-in person opens it and adds one transaction,
 * in this order: `POST /recurring/generate` (the dashboard's own call on opening), the month's
 * dashboard, the list's first page, the month's budget status, categories, the year's dashboard,
 * this month's transactions summary, recurring items, the month's dashboard again, and a
 * `POST /transactions` (multipart, no receipt). Every request accepts `br, gzip`.
 *
 * Under load (autocannon) each connection walks the visits of every user in turn, connection k
 * starting at user k, so the users are spread over the connections from the first second.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface Visitor {
  token: string;
  /** An expense category of the user's, for the visit's new transaction. */
  categoryId: string;
}

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const BOUNDARY = '----ledgerlyBenchVisit7MA4YWxkTrZu0gW';

/** The new transaction of a visit, as the web form sends it: multipart/form-data, no receipt. */
export function transactionForm(categoryId: string, today: string): { body: Buffer; contentType: string } {
  const fields = { type: 'expense', amount: '4.50', categoryId, date: today, description: 'Coffee on the way' };
  const text =
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${BOUNDARY}--\r\n`;
  return { body: Buffer.from(text), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The ten requests of one visit, in order. */
export function visitRequests(visitor: Visitor, today: string): AutocannonRequest[] {
  const headers = { authorization: `Bearer ${visitor.token}`, 'accept-encoding': 'br, gzip' };
  const monthStart = `${today.slice(0, 8)}01`;
  const get = (path: string): AutocannonRequest => ({ method: 'GET', path, headers });
  const form = transactionForm(visitor.categoryId, today);
  return [
    { method: 'POST', path: '/api/recurring/generate', headers },
    get('/api/analytics/dashboard?period=month'),
    get('/api/transactions?limit=50'),
    get('/api/budgets/status?period=monthly'),
    get('/api/categories'),
    get('/api/analytics/dashboard?period=year'),
    get(`/api/transactions/summary?startDate=${monthStart}&endDate=${today}`),
    get('/api/recurring'),
    get('/api/analytics/dashboard?period=month'),
    {
      method: 'POST',
      path: '/api/transactions',
      headers: { ...headers, 'content-type': form.contentType },
      body: form.body,
    },
  ];
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * CPU used so far by the server process, and by the PostgreSQL backends serving `dbName` (their
 * command line names the database); db is null without PostgreSQL.
 */
export function cpuNow(
  serverPid: number | undefined,
  dbName: string | null,
): { server: number | null; db: number | null } {
  let db: number | null = null;
  if (dbName) {
    try {
      for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        if (cmd.startsWith('postgres:') && cmd.includes(` ${dbName} `)) db = (db ?? 0) + (cpuMs(pid) ?? 0);
      }
    } catch {
      db = null;
    }
  }
  return { server: serverPid ? cpuMs(serverPid) : null, db };
}

export interface LoadResult {
  /** CPU milliseconds per request: the server process, and PostgreSQL's backends (null: PGlite or not Linux). */
  serverCpu: number | null;
  dbCpu: number | null;
  rps: number;
  total: number;
  errors: number;
  non2xx: number;
  /** Answers by status code, e.g. "200: 5400, 201: 540". */
  statuses: string;
  p50: number;
  p95: number;
  p99: number;
  load: string;
}

interface AutocannonResult {
  requests: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonClient {
  setRequests(requests: AutocannonRequest[]): void;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  opts: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const pct = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/**
 * Runs `sequences` (one list of requests per user, each repeated in turn) on `connections`
 * connections for `duration` seconds: req/s, errors, latency of every answer (2xx or not), and
 * CPU per request of the server (`serverPid`) and of PostgreSQL's backends on `dbName`.
 */
export async function runLoad(opts: {
  port: number;
  connections: number;
  duration: number;
  sequences: AutocannonRequest[][];
  serverPid: number | undefined;
  dbName: string | null;
}): Promise<LoadResult> {
  const autocannon = ((await import('autocannon')) as { default: Autocannon }).default;
  const { sequences } = opts;
  let nextClient = 0;
  const times: number[] = [];
  const before = loadAverage();
  const cpu0 = cpuNow(opts.serverPid, opts.dbName);
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${opts.port}`,
        connections: opts.connections,
        duration: opts.duration,
        requests: sequences.flat(),
        // Connection k starts with user k's visit (then the next user's, and so on).
        setupClient: (client: AutocannonClient) => {
          const k = nextClient++ % sequences.length;
          client.setRequests([...sequences.slice(k), ...sequences.slice(0, k)].flat());
        },
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => void times.push(ms));
  });
  const cpu1 = cpuNow(opts.serverPid, opts.dbName);
  const total = result.requests.total;
  const per = (a: number | null, b: number | null) =>
    a === null || b === null || total === 0 ? null : (b - a) / total;
  const sorted = Float64Array.from(times).sort();
  return {
    serverCpu: per(cpu0.server, cpu1.server),
    dbCpu: per(cpu0.db, cpu1.db),
    rps: total / result.duration,
    total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', '),
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    load: `${before} → ${loadAverage()}`,
  };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

/** The table's head and one row per result (markdown), as docs/performance.md keeps them. */
export const LOAD_HEAD = [
  '| rows | req/s | requests | errors | non-2xx | p50 / p95 / p99 ms | server CPU ms/req | DB CPU ms/req | load average |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];
export function loadRow(label: string, l: LoadResult): string {
  return `| ${label} | ${Math.round(l.rps).toLocaleString('en-US')} | ${l.total.toLocaleString('en-US')} | ${l.errors} | ${l.non2xx ? `${l.non2xx} (${l.statuses})` : 0} | ${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} | ${l.serverCpu?.toFixed(2) ?? '–'} | ${l.dbCpu?.toFixed(2) ?? '–'} | ${l.load} |`;
}
