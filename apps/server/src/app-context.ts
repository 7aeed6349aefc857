/**
 * The types every module and job receives. This file imports nothing of the modules, so
 * app.ts → modules → app-context.ts has no cycle.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TwoFactorSetup } from '@ledgerly/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Receipts } from './receipts/receipts.js';
import type { AuthCache } from './plugins/auth-cache.js';

/** What every module plugin and background job receives: configuration, database, receipts, the log. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  receipts: Receipts;
  /** The app's logger (with its redaction); jobs log through it. */
  log: FastifyBaseLogger;
  /** Resolved bearer tokens; whatever ends a session or changes a user forgets them here. */
  authCache: AuthCache;
  /** TOTP second factor (the security module), used by sign-in too. */
  twoFactor: TwoFactor;
  /** Import commits running in this process (the imports module and the import upkeep job). */
  importJobs: ImportJobs;
}

/**
 * TOTP second factor: made by the security module (`createTwoFactor`), used by sign-in too.
 * Declared here so this file needs nothing of the modules.
 */
export interface TwoFactor {
  isEnabled(db: Db, userId: string): Promise<boolean>;
  recoveryCodesLeft(db: Db, userId: string): Promise<number>;
  setup(db: Db, userId: string, email: string): Promise<TwoFactorSetup>;
  /** Checks the first code of a setup, turns two-factor on and answers the recovery codes. */
  enable(db: Db, userId: string, code: string): Promise<string[]>;
  disable(db: Db, userId: string): Promise<void>;
  /**
   * Whether `code` — a current TOTP code not used before, or an unused recovery code — is good
   * for this user; a good one is used up. Every try counts against the account in the database,
   * whichever step and address it comes from (auth/account-limits.ts): 429 past the limit.
   */
  check(db: Db, userId: string, code: string): Promise<boolean>;
}

/**
 * Import commits of this process (the `ImportJobs` class of the imports module): their progress
 * for GET, the batches it has claimed (the upkeep never takes those for interrupted), and the
 * running jobs to await on shutdown.
 */
export interface ImportJobs {
  readonly progress: Map<string, { done: number; total: number }>;
  /** Batch ids from just before their claim until their commit has ended. */
  readonly claimed: Set<string>;
  readonly running: Set<Promise<void>>;
  track(job: Promise<void>): void;
  idle(): Promise<void>;
}

export type { AuthUser } from './auth-user.js';

/** What the background jobs need of the context. */
export type JobContext = Pick<AppContext, 'config' | 'database' | 'db' | 'log'>;
