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

interface Slot {
  key: string;
  userId: string;
  generation: number;
  epoch: number;
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
  /** Users whose data changed, with their generation and when; in order of change. */
  private readonly generations = new Map<string, { generation: number; at: number }>();
  private nextGeneration = 1;
  /** Counts `clear()`s: an answer computed before one is not kept after it. */
  private epoch = 0;
  private listening = false;
  readonly stats: ReadCacheStats = { hits: 0, misses: 0, active: false };

  constructor(
    private readonly ttlMs: number,
    maxBytes: number,
  ) {
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
  changed(userId: string, now = Date.now()): void {
    this.generations.delete(userId);
    this.generations.set(userId, { generation: this.nextGeneration++, at: now });
    // A change older than the longest life of an answer has nothing left to hide: every answer
    // kept before it has expired. Forgetting it (the user is back to generation 0) keeps the map
    // as small as the users who changed something within that time.
    for (const [id, { at }] of this.generations) {
      if (at > now - this.ttlMs) break;
      this.generations.delete(id);
    }
  }

  clear(): void {
    this.epoch++;
    this.entries?.clear();
    this.generations.clear();
  }

  private generationOf(userId: string): number {
    return this.generations.get(userId)?.generation ?? 0;
  }

  /** Where a read's answer is kept, or null when nothing may be kept now. */
  slotOf(userId: string, timeZone: string, url: string, now = Date.now()): Slot | null {
    if (!this.entries || !this.listening) return null;
    const hour = Math.floor(now / 3_600_000);
    const generation = this.generationOf(userId);
    const key = `${userId} ${this.epoch} ${generation} ${todayIn(timeZone, new Date(now))} ${hour} ${url}`;
    return { key, userId, generation, epoch: this.epoch };
  }

  get(slot: Slot): Entry | undefined {
    const entry = this.entries?.get(slot.key);
    if (entry) this.stats.hits++;
    else this.stats.misses++;
    return entry;
  }

  /**
   * Keeps an answer, unless the user's data changed (or the cache was cleared) since the read
   * began: it may have been computed from what was there before.
   */
  set(slot: Slot, json: string): void {
    if (!this.listening || slot.epoch !== this.epoch || slot.generation !== this.generationOf(slot.userId)) return;
    const bytes = Buffer.byteLength(json);
    if (bytes <= MAX_ENTRY_BYTES) this.entries?.set(slot.key, { json, bytes });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the read cache keeps this request's answer, when it may be kept. */
    readCacheSlot: Slot | null;
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
  scope.decorateRequest('readCacheSlot', null);
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !CACHED_ROUTES.has(request.routeOptions.url ?? '')) return;
    const slot = cache.slotOf(request.user.id, request.user.timezone, request.url);
    if (slot === null) return;
    const entry = cache.get(slot);
    if (entry) return sendKept(request, reply, entry);
    request.readCacheSlot = slot;
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    // No user when authentication itself refused the request.
    const user = request.user as AuthUser | null;
    if (!SAFE_METHODS.has(request.method) && user) cache.changed(user.id);
    else if (request.readCacheSlot && reply.statusCode === 200 && typeof payload === 'string') {
      cache.set(request.readCacheSlot, payload);
    }
    return payload;
  });
}
