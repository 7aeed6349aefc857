import type { AppContext } from '../app.js';

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
export function log(ctx: AppContext, level: 'info' | 'error', msg: string, extra: Record<string, unknown>): void {
  const value = LEVELS[level]!;
  if (value < (LEVELS[ctx.config.logLevel] ?? LEVELS.info!)) return;
  const line = JSON.stringify({ level: value, time: Date.now(), msg, ...extra });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export function logError(ctx: AppContext, msg: string, error: unknown, extra: Record<string, unknown> = {}): void {
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { error };
  log(ctx, 'error', msg, { err, ...extra });
}
