/**
 * The types every module and job receives. This file imports nothing of the modules, so
 * app.ts → modules → app-context.ts has no cycle.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Receipts } from './receipts/receipts.js';
import type { AuthCache } from './plugins/auth-cache.js';
import type { TwoFactor } from './modules/security/two-factor.service.js';
import type { ImportJobs } from './modules/imports/import-jobs.js';

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
  /** TOTP second factor (the account module), used by sign-in too. */
  twoFactor: TwoFactor;
  /** Import commits running in this process (the imports module and the import upkeep job). */
  importJobs: ImportJobs;
}

export type { AuthUser } from './auth-user.js';

/** What the background jobs need of the context. */
export type JobContext = Pick<AppContext, 'config' | 'database' | 'db' | 'log'>;
