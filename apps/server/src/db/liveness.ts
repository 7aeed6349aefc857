import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type pg from 'pg';

/** How long work may wait on PostgreSQL before the watcher asks whether the server still answers. */
export const SUSPECT_AFTER_MS = 300;
/**
 * How long the watcher's `select 1` may take before the server counts as not answering: the
 * health check's second. Found so, every connection to it is dropped and work fails at once.
 */
export const PROBE_DEADLINE_MS = 1000;
/** While the server does not answer, it is asked again after 0.5 s, doubling up to 2 s. */
const DOWN_RETRY_MIN_MS = 500;
const DOWN_RETRY_MAX_MS = 2000;

/**
 * PostgreSQL did not answer (or is known not to): work on it fails with this at once instead of
 * waiting for the statement timeout. Its code is SQLSTATE connection_failure, so the error
 * handler answers 503 DB_UNAVAILABLE like for any lost connection.
 */
export class DatabaseNotAnswering extends Error {
  readonly code = '08006';
  constructor(message = 'The database is not answering') {
    super(message);
    this.name = 'DatabaseNotAnswering';
  }
}

/** What the request guard needs to know (plugins/db-guard.ts). */
export interface Liveness {
  /** True from the moment the server was found not answering until it answers again. */
  readonly down: boolean;
  /** How many times it was found not answering since start: a request that saw it change overlapped an outage. */
  readonly outages: number;
  on(event: 'down' | 'up', listener: () => void): unknown;
  off(event: 'down' | 'up', listener: () => void): unknown;
}

type Outcome = 'answered' | 'silent' | 'failed';

/** Settles with what became of `work` within `ms`; I/O that arrived meanwhile is read first. */
function outcomeWithin(work: Promise<unknown>, ms: number, isServerError: (e: unknown) => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // The deadline waits for the event loop's next poll phase (setImmediate runs after it): a
    // process that stalled past the deadline reads the answer that came meanwhile before
    // calling the server silent.
    const timer = setTimeout(() => setImmediate(() => settle('silent')), ms);
    work.then(
      () => settle('answered'),
      (error: unknown) => settle(isServerError(error) ? 'answered' : 'failed'),
    );
  });
}

interface ClientHooks {
  /** The error to refuse a new connection with, or null to open it. */
  refuse(): Error | null;
  connecting(client: pg.Client): void;
  connected(client: pg.Client, error: Error | undefined): void;
  ended(client: pg.Client): void;
}

/** pg's Client, telling `hooks` when a connection is opened, opened or not, and gone. */
function watchedClientClass(driver: typeof pg, hooks: ClientHooks): new () => pg.Client {
  class WatchedClient extends driver.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      // A destroyed connection reports the error on itself; the pool listens only while it is idle.
      this.on('error', () => {});
      this.once('end', () => hooks.ended(this));
    }
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const refused = hooks.refuse();
      if (refused) {
        if (!callback) return Promise.reject(refused);
        process.nextTick(callback, refused);
        return;
      }
      hooks.connecting(this);
      if (callback) {
        super.connect((error: Error | null) => {
          hooks.connected(this, error ?? undefined);
          callback(error as Error);
        });
        return;
      }
      return super.connect().then(
        (client) => {
          hooks.connected(this, undefined);
          return client;
        },
        (error: unknown) => {
          hooks.connected(this, error as Error);
          throw error;
        },
      );
    }
  }
  return WatchedClient;
}

const destroy = (client: pg.Client, error?: Error) =>
  (client as unknown as { connection?: { stream?: Duplex } }).connection?.stream?.destroy(error);

/**
 * Knows whether PostgreSQL answers, so that a frozen server (SIGSTOP, a hung host, a partition
 * that drops packets) costs a request about a second instead of the statement timeout.
 *
 * It keeps no chatter going while nothing waits on the server: it watches the pool's connections
 * (checked out, or being opened), and once one has waited 0.3 s with no sign of life from the
 * server since, it sends `select 1` on a connection of its own (kept open for that). An answer
 * within a second is a sign of life, so a legitimately long query (an export, a big import, a
 * migration) only causes a `select 1` every 0.3 s or so. No answer within a second: the server
 * is down. Every pool connection is then destroyed (their work fails with DatabaseNotAnswering
 * at once, and PostgreSQL rolls back what they had begun when it wakes), new connections are
 * refused at once, and the server is asked again after 0.5 s, 1 s, then every 2 s until it
 * answers; then it is up and the pool opens connections anew.
 */
export class PgLiveness extends EventEmitter implements Liveness {
  down = false;
  outages = 0;
  /** Every pool connection, and since when each has been waiting on the server (checked out or connecting). */
  private readonly clients = new Set<pg.Client>();
  private readonly busy = new Map<pg.Client, number>();
  /** When the latest probe that got an answer was sent. */
  private answeredAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private retryMs = DOWN_RETRY_MIN_MS;
  /** After a probe that failed outright (refused, reset), the next one waits this long at least. */
  private quietUntil = 0;
  private probe: { client: pg.Client; ready: Promise<unknown> } | undefined;
  private closed = false;

  constructor(
    private readonly driver: typeof pg,
    private readonly clientConfig: pg.ClientConfig,
  ) {
    super();
  }

  /** The pool's connection class (pg.Pool's `Client` option): connections this watcher sees. */
  clientClass(): new () => pg.Client {
    return watchedClientClass(this.driver, {
      refuse: () => (this.down ? new DatabaseNotAnswering() : null),
      connecting: (client) => {
        this.clients.add(client);
        this.waiting(client);
      },
      connected: (client, error) => {
        this.idle(client);
        if (error) this.forget(client);
      },
      ended: (client) => this.forget(client),
    });
  }

  /** Follows the pool's check-outs: a connection in use is waiting on the server until released. */
  attach(pool: pg.Pool): void {
    pool.on('acquire', (client) => this.waiting(client as pg.Client));
    pool.on('release', (_error, client) => this.idle(client as pg.Client));
    pool.on('remove', (client) => this.forget(client as pg.Client));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dropProbe();
  }

  private waiting(client: pg.Client): void {
    this.busy.set(client, Date.now());
    this.schedule();
  }

  private idle(client: pg.Client): void {
    this.busy.delete(client);
  }

  private forget(client: pg.Client): void {
    this.busy.delete(client);
    this.clients.delete(client);
  }

  /** Sets the timer for the next look, if one is needed and none is set. */
  private schedule(): void {
    if (this.closed || this.timer || this.probing) return;
    let delay: number;
    if (this.down) {
      delay = this.retryMs;
    } else {
      let oldest = Number.POSITIVE_INFINITY;
      for (const since of this.busy.values()) oldest = Math.min(oldest, since);
      if (oldest === Number.POSITIVE_INFINITY) return;
      delay = Math.max(Math.max(oldest, this.answeredAt) + SUSPECT_AFTER_MS, this.quietUntil) - Date.now();
    }
    this.timer = setTimeout(() => void this.look(), Math.max(0, delay));
    this.timer.unref();
  }

  private async look(): Promise<void> {
    this.timer = undefined;
    if (!this.down) {
      let oldest = Number.POSITIVE_INFINITY;
      for (const since of this.busy.values()) oldest = Math.min(oldest, since);
      if (oldest === Number.POSITIVE_INFINITY) return;
      if (Math.max(Math.max(oldest, this.answeredAt) + SUSPECT_AFTER_MS, this.quietUntil) > Date.now()) {
        this.schedule();
        return;
      }
    }
    this.probing = true;
    const sent = Date.now();
    let outcome: Outcome;
    try {
      outcome = await this.ask();
    } finally {
      this.probing = false;
    }
    if (this.closed) return;
    if (outcome === 'answered') {
      this.answeredAt = sent;
      if (this.down) {
        this.down = false;
        this.retryMs = DOWN_RETRY_MIN_MS;
        this.emit('up');
      }
    } else if (this.down) {
      this.retryMs = Math.min(this.retryMs * 2, DOWN_RETRY_MAX_MS);
    } else if (outcome === 'silent') {
      this.goDown();
    } else {
      // Refused or reset: the server is not frozen (work on it fails by itself); ask again later.
      this.quietUntil = Date.now() + SUSPECT_AFTER_MS;
    }
    this.schedule();
  }

  /** `select 1` on the watcher's own connection (opened if needed), within the deadline. */
  private ask(): Promise<Outcome> {
    if (!this.probe) {
      const client = new this.driver.Client({ ...this.clientConfig, application_name: 'ledgerly-liveness' });
      client.on('error', () => {});
      client.once('end', () => {
        if (this.probe?.client === client) this.probe = undefined;
      });
      const ready = client.connect();
      ready.catch(() => {});
      this.probe = { client, ready };
    }
    const { client, ready } = this.probe;
    const work = ready.then(() => client.query('select 1'));
    work.catch(() => {});
    return outcomeWithin(work, PROBE_DEADLINE_MS, (e) => e instanceof this.driver.DatabaseError).then((outcome) => {
      // A connection that did not answer, or broke, is not asked again.
      if (outcome !== 'answered' || !(client as unknown as { _queryable: boolean })._queryable) {
        if (this.probe?.client === client) this.dropProbe();
      }
      return outcome;
    });
  }

  private dropProbe(): void {
    const probe = this.probe;
    this.probe = undefined;
    if (probe) destroy(probe.client);
  }

  private goDown(): void {
    this.down = true;
    this.outages += 1;
    this.retryMs = DOWN_RETRY_MIN_MS;
    const error = new DatabaseNotAnswering(`The database did not answer within ${PROBE_DEADLINE_MS} ms`);
    for (const client of this.clients) destroy(client, error);
    this.clients.clear();
    this.busy.clear();
    this.emit('down');
  }
}
