import { ConfigError, loadConfig } from './config.js';
import { openAppDatabase } from './db/open-app-database.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The database starts opening first (PGlite compiles its WebAssembly off the main thread and
  // reads its files) while the rest of the app's modules load; the app then waits for it.
  const opening = openAppDatabase(config);
  opening.catch(() => undefined); // reported through buildApp, which awaits it
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { opening });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Fastify stops listening, waits for the requests in flight (and background imports) to
      // finish, then runs the app's onClose hook, which closes the database (main.test.ts).
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // The first line only: a failed query's message goes on with its bound values.
  console.error('Ledgerly failed to start:', error instanceof Error ? error.message.split('\n')[0] : error);
  process.exit(1);
});
