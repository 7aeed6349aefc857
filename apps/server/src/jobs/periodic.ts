import type { JobContext } from '../app-context.js';

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** One line in the request log's format (pino JSON); the context carries no logger. */
export function log(ctx: JobContext, level: 'info' | 'error', msg: string, extra: Record<string, unknown>): void {
  const value = LEVELS[level]!;
  if (value < (LEVELS[ctx.config.logLevel] ?? LEVELS.info!)) return;
  const line = JSON.stringify({ level: value, time: Date.now(), msg, ...extra });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export function logError(ctx: JobContext, msg: string, error: unknown, extra: Record<string, unknown> = {}): void {
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { error };
  log(ctx, 'error', msg, { err, ...extra });
}

/**
 * Runs `run` now and then every `intervalMs` until the returned function is called. Runs never
 * overlap; a failure is logged as '<name> failed' and never reaches the process (nor is logged
 * once stopping, when the database may already be closed). The timer does not keep Node alive.
 */
export function startPeriodic(
  ctx: JobContext,
  name: string,
  intervalMs: number,
  run: (stopped: () => boolean) => Promise<void>,
): () => void {
  let stopped = false;
  let running = false;
  const isStopped = () => stopped;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await run(isStopped);
    } catch (error) {
      if (!stopped) logError(ctx, `${name} failed`, error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
