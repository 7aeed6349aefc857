/**
 * `npm run user:reset-password -- --email ada@example.com [--temporary-password] [--app-url URL]`:
 * for an operator when the server sends no e-mail (SMTP_URL unset). Uses the server's
 * configuration (DATABASE_URL, else PGlite in DATA_DIR: stop the server first, PGlite is one
 * process's database). See docs/operations.md ("Resetting a password").
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openAppDatabase } from '../db/open-app-database.js';
import { resetPasswordCommand } from './reset-password.js';

const USAGE = 'Usage: npm run user:reset-password -- --email EMAIL [--temporary-password] [--app-url https://…]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'temporary-password': { type: 'boolean' },
        'app-url': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email?.trim()) {
    console.error(`--email is required.\n${USAGE}`);
    return 2;
  }
  const appUrl = values['app-url']?.trim().replace(/\/+$/, '');
  if (appUrl !== undefined && !/^https?:\/\/[^/]+/.test(appUrl)) {
    console.error(`--app-url must start with http:// or https://.\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  // As the server opens it: migrated, and PGlite's folder locked (the server must be stopped).
  const { database, lock } = await openAppDatabase(config);
  try {
    const result = await resetPasswordCommand(database.db, {
      email: values.email.trim(),
      appUrl: appUrl ?? config.appUrl,
      temporaryPassword: values['temporary-password'] ?? false,
    });
    (result.code === 0 ? console.log : console.error)(result.out);
    return result.code;
  } finally {
    await database.close().catch(() => undefined);
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('user:reset-password failed:', error instanceof Error ? error.message.split('\n')[0] : error);
    process.exit(1);
  },
);
