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
 * `categories`, `transactions` (and the rollups its triggers keep), `budgets` and
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
  /** `mark()` when the read began. */
  mark: number;
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
 *   gives that user a new change number, which is part of the key, so older answers are never
 *   found again; an answer whose read began before the change is not kept at all.
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
  /**
   * Every change heard (a user's, or a clear) takes the next number. A read notes the number
   * before it authenticates (`mark()`), and its answer is kept only if no change of its user, no
   * clear and no forgotten change came after that: it may have been computed from (or for a
   * signed-in user read) before them.
   */
  private changes = 0;
  /** Users whose data changed, with the change's number and when (performance.now()); in order. */
  private readonly lastChange = new Map<string, { change: number; at: number }>();
  /** The number of the latest clear. */
  private clearedAt = 0;
  /** The number of the latest change forgotten by `changed()` (its user is back to 0). */
  private forgottenUpTo = 0;
  private listening = false;
  private readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    maxBytes: number,
  ) {
    this.entries =
      ttlMs > 0 && maxBytes > 0
        ? new LRUCache<string, Entry>({
            max: 10_000,
            maxSize: maxBytes,
            ttl: ttlMs,
            // Key, JSON (two bytes a character at most) and the compressed copies.
            sizeCalculation: (entry, key) => key.length + entry.bytes * 2 + 1024,
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  /** For the metrics: reads answered from memory or not, and whether answers are being kept. */
  get stats(): ReadCacheStats {
    return { ...this.counts, active: this.listening && this.enabled };
  }

  /**
   * Connects the cache to the change notifications of `database` (nothing when the cache is off).
   * `onChange` hears each of them too (a user's id, or `*`): the app drops its cached copy of the
   * signed-in user, whose time zone and currency some answers depend on. Returns a function that
   * stops listening.
   */
  follow(database: Database, onChange: (userId: string) => void): () => void {
    if (!this.entries) return () => {};
    return database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        if (payload === '*') this.clear();
        else this.changed(payload);
        onChange(payload);
      },
      (listening) => {
        this.listening = listening;
        this.clear();
      },
    );
  }

  /** The number of the latest change heard; a read takes it before anything else. */
  mark(): number {
    return this.changes;
  }

  /** Everything kept of this user is stale. */
  changed(userId: string, now = performance.now()): void {
    this.lastChange.delete(userId);
    this.lastChange.set(userId, { change: ++this.changes, at: now });
    // A change older than the longest life of an answer hides nothing any more: every answer kept
    // before it has expired (lru-cache counts on the same clock). Forgetting it keeps the map as
    // small as the users who changed something within that time; a read that began before a
    // forgotten change is not kept (set()), since its user's key no longer shows that change.
    for (const [id, { change, at }] of this.lastChange) {
      if (at > now - this.ttlMs) break;
      this.lastChange.delete(id);
      this.forgottenUpTo = change;
    }
  }

  clear(): void {
    this.clearedAt = ++this.changes;
    this.entries?.clear();
    this.lastChange.clear();
  }

  private lastChangeOf(userId: string): number {
    return this.lastChange.get(userId)?.change ?? 0;
  }

  /** Where the answer of a read that began at `mark` is kept, or null when nothing may be kept now. */
  slotOf(mark: number, userId: string, timeZone: string, url: string, now = Date.now()): Slot | null {
    if (!this.entries || !this.listening) return null;
    const hour = Math.floor(now / 3_600_000);
    const key = `${userId} ${this.clearedAt} ${this.lastChangeOf(userId)} ${todayIn(timeZone, new Date(now))} ${hour} ${url}`;
    return { key, userId, mark };
  }

  get(slot: Slot): Entry | undefined {
    const entry = this.entries?.get(slot.key);
    if (entry) this.counts.hits++;
    else this.counts.misses++;
    return entry;
  }

  /**
   * Keeps an answer, unless its user's data changed, the cache was cleared or a change was
   * forgotten since the read began: it may have been computed from what was there before.
   */
  set(slot: Slot, json: string): void {
    if (!this.listening) return;
    if (Math.max(this.lastChangeOf(slot.userId), this.clearedAt, this.forgottenUpTo) > slot.mark) return;
    const bytes = Buffer.byteLength(json);
    if (bytes <= MAX_ENTRY_BYTES) this.entries?.set(slot.key, { json, bytes });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The read cache's `mark()` when this request arrived, before authentication. */
    readCacheMark: number;
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
 * The cache's hooks in the protected scope. `markReads` goes before authentication (the signed-in
 * user is read from the database or the sign-in cache, and may be older than a change heard
 * meanwhile); `useReadCache` after it: a kept answer is sent before the query is parsed, a 200 of
 * a cached route is kept, a write moves its user on.
 */
export function markReads(scope: FastifyInstance, cache: ReadCache): void {
  scope.decorateRequest('readCacheMark', 0);
  scope.addHook('onRequest', async (request) => {
    request.readCacheMark = cache.mark();
  });
}

export function useReadCache(scope: FastifyInstance, cache: ReadCache): void {
  scope.decorateRequest('readCacheSlot', null);
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !CACHED_ROUTES.has(request.routeOptions.url ?? '')) return;
    const slot = cache.slotOf(request.readCacheMark, request.user.id, request.user.timezone, request.url);
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
