import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ImportOptions } from '@ledgerly/shared';
import { AppError } from '../../../errors.js';
import { ImportFileError, type ParseResult } from './types.js';
import type { ParseAnswer, ParseRequest } from './worker.js';

/**
 * Statement files are read on worker threads, never on the event loop: however a file is built,
 * other requests go on being answered while it is read ("Hardening first", item 1). Each thread
 * has a heap limit and each file a wall-clock limit; past either, the thread is terminated and
 * the upload refused with a sentence saying why.
 */
export interface ParseLimits {
  /** Longest time one file may take to read (wall clock), in ms. */
  timeoutMs: number;
  /** Heap one reading thread may use (V8's old generation), in MB. */
  memoryMb: number;
  /** Files read at once; more wait their turn (at most `timeoutMs` each). */
  workers: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 60_000, memoryMb: 512, workers: 2 };

/** An idle thread is ended after this, so an instance that imports nothing holds no thread. */
const IDLE_MS = 30_000;
/**
 * A thread that read a file larger than this is ended at once rather than kept for the next:
 * its heap grew with the file, and a new thread (about 0.1 s) is cheaper than that memory.
 */
const RECYCLE_BYTES = 1024 * 1024;
/** Files that may wait for a thread, per thread; more are answered 503. */
const WAITING_PER_WORKER = 20;

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`);

const busy = () =>
  new AppError(
    503,
    'OVERLOADED',
    'The server is reading many statement files right now. Please try again in a minute.',
    undefined,
    { 'retry-after': '10' },
  );

/**
 * The reading thread: the compiled entry beside this code in dist/ (scripts/build.mjs names it
 * parse-worker.js), or worker.ts from the source, loaded through tsx (tests, `npm run dev`;
 * Node 20's workers do not inherit the parent's module hooks, so the thread registers tsx itself).
 */
function startThread(resourceLimits: ResourceLimits): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const source = new URL('./worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
    return new Worker(boot, { eval: true, resourceLimits });
  }
  return new Worker(new URL('./parse-worker.js', import.meta.url), { resourceLimits });
}

interface Job {
  request: Omit<ParseRequest, 'id'>;
  resolve: (result: ParseResult) => void;
  reject: (error: Error) => void;
  queuedAt: number;
}

interface Thread {
  worker: Worker;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idleTimer: NodeJS.Timeout | null;
}

export class StatementParser {
  private readonly limits: ParseLimits;
  private readonly threads = new Set<Thread>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(limits: Partial<ParseLimits> = {}) {
    this.limits = { ...DEFAULT_PARSE_LIMITS, ...limits };
  }

  /** Threads alive now (reading or idle). */
  get threadCount(): number {
    return this.threads.size;
  }

  /**
   * Reads a statement on a worker thread. Rejects with ImportFileError for a file that is not a
   * statement, takes too long or needs too much memory; AppError 503 when too many files wait.
   */
  parse(bytes: Uint8Array, options: ImportOptions, fileName: string): Promise<ParseResult> {
    if (this.closed) return Promise.reject(busy());
    if (this.waiting.length >= this.limits.workers * WAITING_PER_WORKER) return Promise.reject(busy());
    return new Promise<ParseResult>((resolve, reject) => {
      this.waiting.push({ request: { bytes, options, fileName }, resolve, reject, queuedAt: Date.now() });
      this.dispatch();
    });
  }

  /** Ends every thread; files still waiting or being read are refused (503). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(busy());
    await Promise.all([...this.threads].map((t) => this.end(t, busy())));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const job = this.waiting[0]!;
      if (Date.now() - job.queuedAt > this.limits.timeoutMs) {
        this.waiting.shift();
        job.reject(busy());
        continue;
      }
      let thread = [...this.threads].find((t) => t.job === null);
      if (!thread) {
        if (this.threads.size >= this.limits.workers) return;
        thread = this.spawn();
      }
      this.waiting.shift();
      this.run(thread, job);
    }
  }

  private spawn(): Thread {
    const worker = startThread({ maxOldGenerationSizeMb: this.limits.memoryMb });
    // A thread never keeps the process alive; a pending upload does.
    worker.unref();
    const thread: Thread = { worker, job: null, idleTimer: null };
    this.threads.add(thread);
    worker.on('message', (answer: ParseAnswer) => this.answered(thread, answer));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      void this.end(
        thread,
        outOfMemory
          ? new ImportFileError(
              'PARSE_OUT_OF_MEMORY',
              `Reading this file needed more than the ${this.limits.memoryMb} MB of memory a statement may take, so it was stopped. Check that it is your bank's statement export (CSV, OFX, QIF or CAMT), or split it into smaller periods.`,
            )
          : new AppError(500, 'INTERNAL', 'The statement reader failed. Please try again.'),
        outOfMemory ? undefined : error,
      );
    });
    worker.on('exit', () => {
      void this.end(thread, new AppError(500, 'INTERNAL', 'The statement reader stopped. Please try again.'));
    });
    return thread;
  }

  private run(thread: Thread, job: Job): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    const id = this.nextId++;
    const timer = setTimeout(() => {
      void this.end(
        thread,
        new ImportFileError(
          'PARSE_TIMEOUT',
          `Reading this file took longer than ${seconds(this.limits.timeoutMs)}, so it was stopped. A bank statement reads in a few seconds: check that it is your bank's statement export (CSV, OFX, QIF or CAMT), or split it into smaller periods.`,
        ),
      );
    }, this.limits.timeoutMs);
    thread.job = { ...job, id, timer };
    const request: ParseRequest = { id, ...job.request };
    thread.worker.postMessage(request);
  }

  private answered(thread: Thread, answer: ParseAnswer): void {
    const job = thread.job;
    if (!job || job.id !== answer.id) return;
    clearTimeout(job.timer);
    thread.job = null;
    if (answer.ok) job.resolve(answer.result);
    else if ('code' in answer) job.reject(new ImportFileError(answer.code, answer.message));
    else job.reject(new Error(answer.crash));
    if (this.closed || job.request.bytes.length > RECYCLE_BYTES) {
      void this.end(thread);
      return;
    }
    thread.idleTimer = setTimeout(() => void this.end(thread), IDLE_MS);
    thread.idleTimer.unref();
    this.dispatch();
  }

  /** Terminates a thread; its file (if any) is refused with `reason`. */
  private async end(thread: Thread, reason?: Error, cause?: unknown): Promise<void> {
    if (!this.threads.delete(thread)) return;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const job = thread.job;
    thread.job = null;
    if (job) {
      clearTimeout(job.timer);
      if (reason && cause !== undefined) reason.cause = cause;
      job.reject(reason ?? busy());
    }
    await thread.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
