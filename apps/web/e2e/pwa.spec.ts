import { test, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { createTransaction, initCategories, openTransactionsTab, TODAY } from './transactions-helpers';

// This file tests the service worker itself (the other files block it, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

test('installable: manifest, icons, theme colours, service worker; robots.txt and missing files', async ({
  page,
  request,
}) => {
  // Public pages do not register the worker (it precaches the whole app); the signed-in app does.
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  // Chromium's own verdict, the one behind its install button and Lighthouse's check.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito windows, where Chromium never offers to install; every
  // other check (manifest, icons, service worker, secure origin) must pass.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'Ledgerly', start_url: '/dashboard', display: 'standalone' });
  for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size)).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
  }
  const themes = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => `${m.getAttribute('media')} ${m.getAttribute('content')}`));
  expect(themes).toEqual(['(prefers-color-scheme: light) #ffffff', '(prefers-color-scheme: dark) #020617']);
  expect((await request.get('/icons/apple-touch-icon.png')).status()).toBe(200);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('Disallow: /api/');
  const missing = await request.get('/no-such-file.js');
  expect(missing.status()).toBe(404);
});

test('offline after a signed-in visit: last-loaded dashboard and transactions, read-only, with a banner', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  await createTransaction(page, { category: cats['Salary']!, amount: '2500.00', description: 'Pay', date: TODAY });
  await createTransaction(page, { category: cats['Groceries']!, amount: '42.10', description: 'Market', date: TODAY });

  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  // A visit under the service worker: what it loads is kept.
  await page.reload();
  await expect(page.getByText('$2,500.00').first()).toBeVisible();
  await openTransactionsTab(page);
  await expect(page.getByText('Market')).toBeVisible();
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('ledgerly-api');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(kept).toEqual(expect.arrayContaining(['/api/transactions']));

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(banner).toContainText('Changes are disabled until the connection returns.');
  // A reload stays on the tab it was on (docs/ui.md): Transactions, from what was last loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByText('Market')).toBeVisible();
  await expect(page.getByRole('button', { name: /Edit/ }).first()).toBeDisabled();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('$2,500.00').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Transaction' })).toBeDisabled();
  await screenshot(page, 'offline-dashboard');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Transactions' }).click();
  await expect(page.getByText('Market')).toBeVisible();
  await expect(page.getByRole('button', { name: /Edit/ }).first()).toBeDisabled();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit/ }).first()).toBeEnabled();
});
