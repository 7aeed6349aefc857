import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { middayZone } from './e2e/clock';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Chosen once by the main process; the workers inherit it (see e2e/clock.ts).
process.env.E2E_TZ ??= middayZone();
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = `${root}.tmp/e2e-data`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Visual baselines (e2e/visual.spec.ts): small rendering noise passes, a changed look does not.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // One baseline per screen and look, the same on every machine of this project's kind.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // No retries: a test that fails once is a bug to find, not noise to retry away.
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    timezoneId: process.env.E2E_TZ,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
    // The app's service worker would answer fetches itself, out of reach of page.route(), which
    // many tests use to hold or fail a call; only e2e/pwa.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The real server, compiled as in production, on its own fresh embedded database, serving the
    // built app (the build script skips what is up to date).
    command: `rm -rf "${dataDir}" && node ../../scripts/build.mjs && node ../server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_IP: '10000',
      // A loaded test machine lags: no 503 from the overload guard (docs/operations.md) here.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // The bundled rate history (310,000 rows) is not seeded here: half a minute of background
      // work on every run. The server tests cover it; e2e/rates.spec.ts works with the user's own.
      RATES_DATASET: 'off',
    },
  },
});
