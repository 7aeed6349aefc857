import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { type AppDatabase, openAppDatabase } from './db/open-app-database.js';
import { AppError } from './errors.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerMultipart } from './plugins/multipart.js';
import { type LogStream, OneLinePerRequest, loggerOptions } from './plugins/logging.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerUnderPressure } from './plugins/under-pressure.js';
import { registerDbGuard } from './plugins/db-guard.js';
import { registerBodyRate } from './plugins/body-rate.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerCompression } from './plugins/compression.js';
import { requireAuthentication } from './plugins/authenticate.js';
import { documentAuth, documentErrors, registerOpenApi } from './plugins/openapi.js';
import { useZodSchemas } from './plugins/type-provider.js';
import type { AppContext } from './app-context.js';
import { createReceipts } from './receipts/receipts.js';
import { registerStaticSpa } from './plugins/static-spa.js';
import { startCounterCleanup, startHousekeeping } from './jobs/housekeeping.js';
import { startRecurringSweep } from './jobs/recurring-sweep.js';
import { startImportUpkeep } from './jobs/import-upkeep.js';
import { ImportJobs, importsRoutes } from './modules/imports/index.js';
import { transferMatchingRoutes } from './modules/transfer-matching/index.js';
import { authPublicRoutes, authRoutes, passwordResetRoutes } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import { categoriesRoutes } from './modules/categories/index.js';
import { tagsRoutes } from './modules/tags/index.js';
import { receiptsRoutes, transactionsBulkRoutes, transactionsRoutes } from './modules/transactions/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { alertsRoutes, budgetsRoutes } from './modules/budgets/index.js';
import { recurringRoutes } from './modules/recurring/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { exportRoutes } from './modules/export/index.js';
import { createTwoFactor, securityRoutes } from './modules/security/index.js';
import { transfersRoutes } from './modules/transfers/index.js';
import { reconciliationsRoutes } from './modules/reconciliations/index.js';
import { fetchRates, ratesRoutes, startRatesSeed } from './modules/rates/index.js';
import { startPeriodic } from './jobs/periodic.js';
import { AuthCache } from './plugins/auth-cache.js';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** The app's database being opened already (main.ts starts it early); the app owns it. */
  opening?: Promise<AppDatabase>;
  /** Directory of the built web app to serve; defaults to apps/web/dist. */
  webDist?: string;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: LogStream;
  /** Called for every route as it is registered (the OpenAPI test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application without listening; closing the app closes the database. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // DATA_DIR owner-only, PGlite's folder one process's, the database open and migrated.
  const opened = options.database ? null : await (options.opening ?? openAppDatabase(config));
  const database = options.database ?? (opened as AppDatabase).database;
  const prepared = opened?.prepared ?? null;
  const lock = opened?.lock ?? null;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // Timeouts (docs/operations.md): the whole request must arrive within requestTimeout (a
    // body sent slowly is cut off with 408), a silent connection is closed, idle keep-alive too.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node checks requestTimeout/headersTimeout on this interval (30 s by default).
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.http.requestTimeoutMs / 4))),
      headersTimeout: Math.min(config.http.requestTimeoutMs, 60_000),
    },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });

  if (prepared && prepared.tightened.files + prepared.tightened.folders > 0)
    app.log.warn(
      { dataDir: config.dataDir, ...prepared.tightened },
      `Tightened DATA_DIR permissions to owner-only (${prepared.tightened.files} files, ${prepared.tightened.folders} folders were open to other users)`,
    );
  if (lock?.tookOverFrom !== null && lock?.tookOverFrom !== undefined)
    app.log.warn(
      { file: lock.file, stalePid: lock.tookOverFrom },
      'Took over a stale DATA_DIR lock left by a process that is gone',
    );

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    receipts: createReceipts(config.appSecret, config.dataDir, config.storageUrl, config.storageTimeoutMs),
    log: app.log,
    authCache: new AuthCache(config.authCacheMs),
    twoFactor: createTwoFactor(config.appSecret),
    importJobs: new ImportJobs(),
  };

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  useZodSchemas(app);
  registerErrorHandler(app);
  registerBodyRate(app, config.http.bodyMinRate);
  const metrics = registerMetrics(app, database, config.metricsToken);
  await registerUnderPressure(app, config);
  registerSecurityHeaders(app);
  await registerCompression(app);

  // Every call carries a JSON content type, even bodiless deletes: an empty body is no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'BAD_JSON', 'The request body is not valid JSON'), undefined);
    }
  });
  await registerMultipart(app);

  await registerOpenApi(app);

  // Every /api route is in one of two scopes: public, or protected by the one authentication
  // hook. A module is an encapsulated plugin receiving the AppContext (docs/architecture.md).
  await app.register(
    async (api) => {
      registerDbGuard(api, database);
      documentErrors(api);
      await api.register(async (open) => {
        await open.register(healthRoutes, ctx);
        await open.register(authPublicRoutes, ctx);
        await open.register(passwordResetRoutes, ctx);
        await open.register(receiptsRoutes, ctx);
      });
      await api.register(async (protectedScope) => {
        requireAuthentication(protectedScope, ctx.db, ctx.authCache);
        documentAuth(protectedScope);
        await protectedScope.register(authRoutes, ctx);
        await protectedScope.register(categoriesRoutes, ctx);
        await protectedScope.register(tagsRoutes, ctx);
        await protectedScope.register(transactionsRoutes, ctx);
        await protectedScope.register(transactionsBulkRoutes, ctx);
        await protectedScope.register(settingsRoutes, ctx);
        await protectedScope.register(budgetsRoutes, ctx);
        await protectedScope.register(alertsRoutes, ctx);
        await protectedScope.register(recurringRoutes, ctx);
        await protectedScope.register(analyticsRoutes, ctx);
        await protectedScope.register(accountsRoutes, ctx);
        await protectedScope.register(exportRoutes, ctx);
        await protectedScope.register(importsRoutes, ctx);
        await protectedScope.register(transferMatchingRoutes, ctx);
        await protectedScope.register(securityRoutes, ctx);
        await protectedScope.register(transfersRoutes, ctx);
        await protectedScope.register(reconciliationsRoutes, ctx);
        await protectedScope.register(ratesRoutes, ctx);
      });
    },
    { prefix: '/api' },
  );

  await registerStaticSpa(app, options.webDist);

  const stopJobs: (() => void)[] = [];
  if (config.recurringSweep) {
    app.addHook('onReady', async () => void stopJobs.push(startRecurringSweep(ctx, (r) => metrics.sweepRun(r))));
  }
  let ratesSeed: { stop: () => Promise<void> } | undefined;
  if (config.rates.dataset) {
    // In the background: the first start writes the bundled history, later ones only look.
    app.addHook('onReady', async () => void (ratesSeed = startRatesSeed(ctx.db, ctx.log)));
  }
  const ratesUrl = config.rates.url;
  if (ratesUrl) {
    app.addHook('onReady', async () => {
      stopJobs.push(
        startPeriodic(ctx, 'rates feed', config.rates.intervalMs, async () => {
          const result = await fetchRates(ctx.db, ratesUrl, config.rates.timeoutMs);
          if (result.ok) ctx.log.info({ rows: result.rows, skipped: result.skippedCodes }, 'exchange rates fetched');
          else ctx.log.warn({ reason: result.reason }, 'exchange rates not fetched: nothing written');
        }),
      );
    });
  }
  if (config.housekeeping) {
    app.addHook('onReady', async () => {
      stopJobs.push(startHousekeeping(ctx), startCounterCleanup(ctx), startImportUpkeep(ctx));
    });
  }
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) stop();
    await ratesSeed?.stop();
    if (!options.database) await database.close();
    lock?.release();
  });
  return app;
}
