import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { todayIn } from '@ledgerly/shared';
import type { AuthUser } from '../app-context.js';
import type { Database } from '../db/client.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

/** The channel migration 0012 announces changes on: a user's id, or `*` for everyone. */
export const CHANGES_CHANNEL = 'ledgerly_data';

/**
 * The reads answered from the cache: each depends only on the signed-in user's rows of `users`,
 * `categories`, `transactions` (and the rollups its triggers keep), `budgets`, `budget_alerts` and
 * `recurring_transactions` — the tables whose changes migration 0012 announces — and on today's
 * date in the user's time zone and the hour (signed receipt URLs), which are in the key. A route
 * added here must read nothing else (read-cache.test.ts checks each of them against writes).
 */
export const CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/api/analytics/summary',
  '/api/analytics/category-breakdown',
  '/api/analytics/top-categories',
  '/api/analytics/monthly-trends',
  '/api/analytics/daily-trends',
  '/api/analytics/daily-pattern',
  '/api/analytics/recent-transactions',
  '/api/analytics/dashboard',
  '/api/budgets/status',
  '/api/categories',
  '/api/recurring',
  '/api/recurring/upcoming',
  '/api/settings',
  '/api/transactions',
  '/api/transactions/summary',
  '/api/transactions/:id',
]);

/** Larger answers (a list page of 500) are not kept: they would crowd out the common ones. */
const MAX_ENTRY_BYTES = 256 * 1024;
const ENCODINGS = ['br', 'gzip'];

interface Entry {
  json: string;
  bytes: number;
  /** Compressed copies, made the first time a client asks for each. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Whether answers are being kept: only while change notifications are being received. */
  active: boolean;
}

/**
 * Recent answers of the signed-in reads above, per user, in memory (DESIGN §9, docs/performance.md
 * "Read cache"). An answer is reused only while nothing it was computed from has changed:
 *
 * - Every committed write to those tables, by any instance, a background job or plain SQL, makes
 *   PostgreSQL announce the user's id (migration 0012, LISTEN/NOTIFY), and every instance then
 *   moves that user to a new generation, so older answers are never found again.
 * - A write request answered by this instance moves its user on before its answer is sent, so
 *   the next read of the same client never waits for the notification.
 * - While the notifications are not being received (the listening connection was lost), nothing
 *   is kept or reused, and everything kept before is dropped.
 * - Each answer lives at most `ttlMs` whatever happens, and the key holds the user's date and
 *   the hour, on which some answers depend.
 *
 * Answers are the same bytes the route would send (the same JSON, compressed the same way).
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Entry> | null;
  private readonly generations = new Map<string, number>();
  private nextGeneration = 1;
  private listening = false;
  readonly stats: ReadCacheStats = { hits: 0, misses: 0, active: false };

  constructor(ttlMs: number, maxBytes: number) {
    this.entries =
      ttlMs > 0 && maxBytes > 0
        ? new LRUCache<string, Entry>({
            max: 100_000,
            maxSize: maxBytes,
            ttl: ttlMs,
            // Key, JSON (two bytes a character at most) and the compressed copies.
            sizeCalculation: (entry, key) => key.length + entry.bytes * 2 + 1024,
          })
        : null;
  }

  /**
   * Connects the cache to the change notifications of `database`. `onChange` hears each of them
   * too (a user's id, or `*`), kept or not: the app drops its cached copy of the signed-in user,
   * whose time zone and currency some answers depend on.
   */
  follow(database: Database, onChange: (userId: string) => void): void {
    database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        if (payload === '*') this.clear();
        else this.changed(payload);
        onChange(payload);
      },
      (listening) => {
        this.listening = listening;
        this.stats.active = listening && this.entries !== null;
        this.clear();
      },
    );
  }

  /** Everything kept of this user is stale. */
  changed(userId: string): void {
    this.generations.set(userId, this.nextGeneration++);
  }

  clear(): void {
    this.entries?.clear();
    this.generations.clear();
  }

  /** The key of a read, or null when nothing may be kept now. */
  keyOf(userId: string, timeZone: string, url: string, now = Date.now()): string | null {
    if (!this.entries || !this.listening) return null;
    const hour = Math.floor(now / 3_600_000);
    return `${userId} ${this.generations.get(userId) ?? 0} ${todayIn(timeZone, new Date(now))} ${hour} ${url}`;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries?.get(key);
    if (entry) this.stats.hits++;
    else this.stats.misses++;
    return entry;
  }

  set(key: string, json: string): void {
    const bytes = Buffer.byteLength(json);
    if (bytes <= MAX_ENTRY_BYTES) this.entries?.set(key, { json, bytes });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The read cache's key of this request, when its answer may be kept. */
    readCacheKey: string | null;
  }
}

/**
 * Sends a kept answer as the route and @fastify/compress (compression.ts) would have: the same
 * type, the same choice of encoding (its negotiation, with `*` and `x-gzip` read as gzip) and the
 * same compression settings, but each compressed copy is made once, not on every request.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    entry.bytes >= COMPRESS_THRESHOLD_BYTES &&
    accepted !== undefined &&
    request.headers['x-no-compression'] === undefined
      ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS)
      : undefined;
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('vary', 'accept-encoding').header('content-encoding', 'br').send(entry.br);
  }
  if (encoding === 'gzip') {
    entry.gzip ??= gzipSync(entry.json);
    return reply.header('vary', 'accept-encoding').header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.json);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cache's hooks in the protected scope, after authentication: a kept answer is sent before
 * the query is parsed; a 200 of a cached route is kept; a write moves its user on.
 */
export function useReadCache(scope: FastifyInstance, cache: ReadCache): void {
  scope.decorateRequest('readCacheKey', null);
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !CACHED_ROUTES.has(request.routeOptions.url ?? '')) return;
    const key = cache.keyOf(request.user.id, request.user.timezone, request.url);
    if (key === null) return;
    const entry = cache.get(key);
    if (entry) return sendKept(request, reply, entry);
    request.readCacheKey = key;
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    // No user when authentication itself refused the request.
    const user = request.user as AuthUser | null;
    if (!SAFE_METHODS.has(request.method) && user) cache.changed(user.id);
    else if (request.readCacheKey && reply.statusCode === 200 && typeof payload === 'string') {
      cache.set(request.readCacheKey, payload);
    }
    return payload;
  });
}
