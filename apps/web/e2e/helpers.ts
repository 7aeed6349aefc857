import { type Page, type BrowserContext, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_TZ } from './clock';

export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));
mkdirSync(SCREENSHOT_DIR, { recursive: true });

let seq = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Registers a fresh user through the API and stores the session like the app does. */
export async function signUpViaApi(
  page: Page,
  opts: { firstName?: string; email?: string; password?: string } = {},
): Promise<{ token: string; email: string; password: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret123';
  const res = await page.request.post('/api/auth/register', {
    data: { email, password, firstName: opts.firstName ?? 'Tess', timezone: E2E_TZ },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: unknown };
  await page.goto('/');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    [body.token, body.user] as const,
  );
  return { token: body.token, email, password };
}

/** The session token the app stored for this page's user; fails the test when there is none. */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('No signed-in user on this page (no stored token)');
  return token;
}

/** Calls the API as the signed-in user of this page. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const token = await pageToken(page);
  const res = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  return res;
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Measure colours at rest, not halfway through a hover or theme transition.
  await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

export async function setTheme(_context: BrowserContext, page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}
