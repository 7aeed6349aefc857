import type { JobContext } from '../app-context.js';

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
      // Through the app's logger: its error serializer keeps query values out (error-handler.ts).
      if (!isStopped()) ctx.log.error({ err: error, job: name }, `${name} failed`);
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
