/**
 * The types every module and job receives. This file imports nothing of the modules, so
 * app.ts → modules → app-context.ts has no cycle.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@ledgerly/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Receipts } from './receipts/receipts.js';

/** What every module plugin and background job receives: configuration, database, receipts, the log. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  receipts: Receipts;
  /** The app's logger (with its redaction); jobs log through it. */
  log: FastifyBaseLogger;
}

/** The signed-in user of a protected route (`request.user`), with the session it came from. */
export interface AuthUser extends User {
  sessionId: string;
}

/** What the background jobs need of the context. */
export type JobContext = Pick<AppContext, 'config' | 'database' | 'db'>;
