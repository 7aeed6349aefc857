import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { parseStorageUrl } from './receipts/storage-url.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  /** Login/register attempts allowed per client IP per window. */
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(30),
  /** Refused login/register attempts allowed per email and address per window; past as many per
   * email from all addresses, further tries for it are slowed down (never refused). */
  AUTH_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The longest wait of a sign-in for an email failing from many addresses. */
  AUTH_SLOWDOWN_MAX_SECONDS: z.coerce.number().min(0).max(30).default(5),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), for the per-IP rate
   * limit and the logs: 'false' (default: none), 'true' (any), or a comma-separated list of
   * addresses, CIDR ranges or 'loopback' / 'linklocal' / 'uniquelocal'.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v.trim())
    .refine(
      (v) =>
        /^(true|false)?$/.test(v) ||
        v
          .split(',')
          .every((p) =>
            /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]*[:.][0-9a-fA-F:.]*(\/\d{1,3})?)$/.test(p.trim()),
          ),
      "must be 'true', 'false', or a comma-separated list of addresses / CIDR ranges",
    )
    .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v)),
  /**
   * How long a resolved bearer token is trusted without asking the database (0 turns it off).
   * Revocations on this instance apply at once; on other instances within this many seconds.
   */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Receipts in an S3-compatible store (s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true); unset: DATA_DIR/receipts. */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .superRefine((v, check) => {
      if (v === undefined) return;
      try {
        parseStorageUrl(v);
      } catch (error) {
        check.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** The deadline of each call to the receipt store (S3 or DATA_DIR/receipts): past it, 503 STORAGE_UNAVAILABLE. */
  STORAGE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  /** Daily housekeeping (and once at start-up): orphaned receipt files, expired sessions. */
  HOUSEKEEPING: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /** Bearer token for GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  /** PostgreSQL: time to open a connection (also a wait for a free pool connection). */
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  /** PostgreSQL: longest statement (statement_timeout); migrations are exempt. */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** The whole request — headers and body — must arrive within this, or 408 and the connection closes. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(300),
  /** A request body arriving slower than this (bytes per second) gets 408 and the connection closes (0: off). */
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
  /** The body rate is enforced after this long, averaged over the last six times this. */
  BODY_MIN_RATE_GRACE_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /** A connection with no traffic either way for this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(120),
  /** An idle keep-alive connection is closed after this (keep it above the proxy's idle timeout). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(72),
  /** 503 with Retry-After while the mean event-loop delay over a second is above this (0: off). */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** 503 with Retry-After while the JavaScript heap is above this many MB (default: 90% of the V8 limit; 0: off). */
  PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  /** Statement files are read on worker threads: longest read of one file (then 400 and the thread ends). */
  IMPORT_PARSE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Heap one statement-reading thread may use (then 400 and the thread ends). */
  IMPORT_PARSE_MEMORY_MB: z.coerce.number().int().min(64).max(65536).default(512),
  /** Statement files read at once; more wait their turn. */
  IMPORT_PARSE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Where "Forgot password?" e-mails go out: smtp://user:pass@host:587 (STARTTLS when offered) or
   * smtps://…:465. Unset: no e-mail; an operator resets with `npm run user:reset-password`.
   */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), 'must start with smtp:// or smtps://'),
  /** The sender of those e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Ledgerly <no-reply@localhost>'),
  /**
   * The address users open the app at (https://money.example.com): links in e-mails point there.
   * Required with SMTP_URL; never taken from the request's Host header, which a caller chooses.
   */
  APP_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must start with http:// or https://'),
  /** Put the bundled history of daily exchange rates into the database at start-up (once per data set). */
  RATES_DATASET: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /**
   * Where to fetch new daily exchange rates (docs/operations.md): an http(s) URL answering
   * {"base":"USD","rates":{"YYYY-MM-DD":{"EUR":0.92,…}}}. Unset (default): no network at all.
   */
  RATES_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must start with http:// or https://'),
  /** Hours between two fetches of RATES_URL (and one at start-up). */
  RATES_FETCH_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 7)
    .default(12),
  /** The whole fetch of RATES_URL (connect, answer, body) must be done within this. */
  RATES_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  /** Run the hourly recurring sweep (and one at start-up). */
  RECURRING_SWEEP: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where receipts are stored: an s3:// URL, or undefined for DATA_DIR/receipts. */
  storageUrl: string | undefined;
  /** The deadline of each receipt store call. */
  storageTimeoutMs: number;
  logLevel: string;
  appSecret: string;
  authRateLimit: { perIp: number; perEmail: number; windowMs: number; maxDelayMs: number };
  trustProxy: boolean | string;
  authCacheMs: number;
  recurringSweep: boolean;
  housekeeping: boolean;
  dbTimeouts: { connectMs: number; statementMs: number };
  metricsToken: string | undefined;
  http: {
    requestTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** The slowest a request body may arrive (plugins/body-rate.ts). */
    bodyMinRate: { bytesPerSecond: number; graceMs: number };
  };
  /** under-pressure thresholds; 0 turns one off. */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /** Reading statement files on worker threads (modules/imports/parse/pool.ts). */
  importParse: { timeoutMs: number; memoryMb: number; workers: number };
  /** Outgoing e-mail (password reset links); null when SMTP_URL is unset. */
  mail: { smtpUrl: string; from: string } | null;
  /** The app's public address (APP_URL), for links; undefined when unset. */
  appUrl: string | undefined;
  /** Exchange rates: seed the bundled history; fetch new days from `url` (off when undefined). */
  rates: { dataset: boolean; url: string | undefined; intervalMs: number; timeoutMs: number };
}

export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.APP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_URL: must be set when SMTP_URL is (the address the links in e-mails point to)',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageUrl: e.STORAGE_URL,
    storageTimeoutMs: Math.round(e.STORAGE_TIMEOUT_SECONDS * 1000),
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_IP,
      perEmail: e.AUTH_RATE_LIMIT_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      maxDelayMs: Math.round(e.AUTH_SLOWDOWN_MAX_SECONDS * 1000),
    },
    trustProxy: e.TRUST_PROXY,
    authCacheMs: e.AUTH_CACHE_SECONDS * 1000,
    recurringSweep: e.RECURRING_SWEEP,
    housekeeping: e.HOUSEKEEPING,
    rates: {
      dataset: e.RATES_DATASET,
      url: e.RATES_URL,
      intervalMs: Math.round(e.RATES_FETCH_HOURS * 3_600_000),
      timeoutMs: Math.round(e.RATES_TIMEOUT_SECONDS * 1000),
    },
    metricsToken: e.METRICS_TOKEN,
    dbTimeouts: {
      connectMs: Math.round(e.DB_CONNECT_TIMEOUT_SECONDS * 1000),
      statementMs: Math.round(e.DB_STATEMENT_TIMEOUT_SECONDS * 1000),
    },
    http: {
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionTimeoutMs: Math.round(e.CONNECTION_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      bodyMinRate: {
        bytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
        graceMs: Math.round(e.BODY_MIN_RATE_GRACE_SECONDS * 1000),
      },
    },
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        e.PRESSURE_MAX_HEAP_MB === undefined
          ? Math.floor(getHeapStatistics().heap_size_limit * 0.9)
          : e.PRESSURE_MAX_HEAP_MB * 1024 * 1024,
    },
    importParse: {
      timeoutMs: Math.round(e.IMPORT_PARSE_TIMEOUT_SECONDS * 1000),
      memoryMb: e.IMPORT_PARSE_MEMORY_MB,
      workers: e.IMPORT_PARSE_THREADS,
    },
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    appUrl: e.APP_URL,
  };
}

/** Keeps a generated secret in DATA_DIR/secret, readable by the owner only. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
