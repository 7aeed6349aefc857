import type { ImportJobs as ImportJobsOfContext } from '../../app-context.js';

/**
 * Import commits of this process: their progress for GET, the batches it has claimed (the
 * upkeep never takes those for interrupted), and the running jobs to await on shutdown. One per
 * app (AppContext.importJobs, whose type app-context.ts declares).
 */
export class ImportJobs implements ImportJobsOfContext {
  readonly progress = new Map<string, { done: number; total: number }>();
  /** Batch ids from just before their claim until their commit has ended. */
  readonly claimed = new Set<string>();
  readonly running = new Set<Promise<void>>();
  track(job: Promise<void>): void {
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
