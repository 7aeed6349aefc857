import { test, expect, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';
import { createBudgetViaApi, defaultCategories, openBudgetsTab, spendViaApi } from './budgets-helpers';
import { createTransaction, initCategories, TODAY } from './transactions-helpers';

/**
 * Visual checks against stored baselines (e2e/__screenshots__/visual.spec.ts/): the main screens
 * at desktop and phone width, light and dark. A change of look fails here until the baselines
 * are renewed on purpose: `npx playwright test e2e/visual.spec.ts --update-snapshots`, then look
 * at the new PNGs before committing them. Only the viewport is compared; whatever changes by
 * itself from day to day (dates, the charts' day axis) is masked.
 */

const LOOKS = {
  'desktop-light': { viewport: { width: 1280, height: 800 }, theme: 'light' },
  'phone-dark': { viewport: { width: 390, height: 844 }, theme: 'dark' },
  'desktop-dark': { viewport: { width: 1280, height: 800 }, theme: 'dark' },
  'phone-light': { viewport: { width: 390, height: 844 }, theme: 'light' },
} as const;
type Look = keyof typeof LOOKS;

async function useLook(page: Page, look: Look): Promise<void> {
  const { viewport, theme } = LOOKS[look];
  await page.setViewportSize(viewport);
  // Charts draw at once instead of animating (the app honours reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

async function expectLook(page: Page, name: string, mask: ReturnType<Page['locator']>[] = []): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, { mask, maskColor: '#888888' });
}

for (const look of ['desktop-light', 'phone-dark'] as const) {
  test(`landing and sign-in look as stored (${look})`, async ({ page }) => {
    await useLook(page, look);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLook(page, `landing-${look}`);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectLook(page, `login-${look}`);
  });

  test(`categories look as stored (${look})`, async ({ page }) => {
    await signUpViaApi(page);
    await defaultCategories(page);
    await useLook(page, look);
    await page.goto('/dashboard');
    if (LOOKS[look].viewport.width >= 1024) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Categories' }).click();
    }
    await expect(page.getByRole('article', { name: 'Groceries' })).toBeVisible();
    await expectLook(page, `categories-${look}`);
  });

  test(`budgets look as stored (${look})`, async ({ page }) => {
    await signUpViaApi(page);
    const cats = await defaultCategories(page);
    await createBudgetViaApi(page, cats['Groceries']!.id, 400);
    await createBudgetViaApi(page, cats['Transportation']!.id, 100);
    await spendViaApi(page, cats['Groceries']!.id, 120.5);
    await spendViaApi(page, cats['Transportation']!.id, 120);
    await useLook(page, look);
    await openBudgetsTab(page);
    await expect(page.getByRole('heading', { name: 'Your Budgets (2)' })).toBeVisible();
    await expectLook(page, `budgets-${look}`);
  });
}

for (const look of ['desktop-light', 'phone-dark', 'desktop-dark', 'phone-light'] as const) {
  test(`dashboard looks as stored (${look})`, async ({ page }) => {
    await signUpViaApi(page);
    const cats = await initCategories(page);
    await createTransaction(page, { category: cats['Salary']!, amount: '4200.00', description: 'Pay', date: TODAY });
    await createTransaction(page, { category: cats['Housing']!, amount: '1500.00', description: 'Rent', date: TODAY });
    await createTransaction(page, {
      category: cats['Groceries']!,
      amount: '230.45',
      description: 'Market',
      date: TODAY,
    });
    await useLook(page, look);
    await page.goto('/dashboard');
    await expect(page.getByText('$4,200.00').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /^Expense breakdown pie chart/ })).toBeVisible();
    // The trend chart draws the days of the current month, and the recent list shows today's date.
    const mask = [
      page.locator('[role="img"][aria-label]:not([aria-label^="Expense breakdown"])'),
      page.getByRole('region', { name: 'Recent Transactions' }),
    ];
    await expectLook(page, `dashboard-${look}`, mask);
  });
}
