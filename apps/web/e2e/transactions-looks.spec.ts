import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import {
  FIRST_OF_MONTH,
  TODAY,
  counter,
  createTransaction,
  initCategories,
  makePng,
  openTransactionsTab,
  viewportScreenshot,
} from './transactions-helpers';

for (const theme of ['light', 'dark'] as const) {
  test(`looks right in ${theme} mode at desktop and phone width, with no serious axe violations`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const setup = await browser.newPage();
    const { email, password } = await signUpViaApi(setup);
    const cats = await initCategories(setup);
    await createTransaction(setup, {
      category: cats['Salary']!,
      amount: '4200',
      description: 'November salary',
      date: TODAY,
    });
    await createTransaction(setup, {
      category: cats['Groceries']!,
      amount: '86.40',
      description: 'Farmers market and a very long description that has to be cut short on small screens',
      date: TODAY,
      receipt: makePng(120, 160),
    });
    await createTransaction(setup, { category: cats['Housing']!, amount: '1500', date: FIRST_OF_MONTH });
    await setup.close();

    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 375, height: 800 }],
    ] as const) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      const login = await page.request.post('/api/auth/login', { data: { email, password } });
      const { token, user } = (await login.json()) as { token: string; user: unknown };
      await page.goto('/');
      await page.evaluate(
        ([t, u, th]) => {
          localStorage.setItem('token', t);
          localStorage.setItem('user', JSON.stringify(u));
          localStorage.setItem('theme', th);
        },
        [token, user, theme] as const,
      );
      await openTransactionsTab(page);
      await expect(counter(page)).toHaveText('Showing 3 of 3 transactions');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      const thumb = page.getByRole('button', { name: /View receipt/ }).locator('img');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, `transactions-${theme}-${label}`);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add Transaction' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
      await dialog
        .getByLabel('Receipt (optional)')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(120, 160) });
      await dialog.getByRole('button', { name: 'Add Transaction' }).click();
      await expect(dialog.getByText('Please select a category')).toBeVisible();
      await viewportScreenshot(page, `transactions-form-${theme}-${label}`);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /View receipt/ }).click();
      await expect(page.getByRole('dialog', { name: 'Receipt' }).getByRole('img')).toBeVisible();
      await viewportScreenshot(page, `transactions-receipt-${theme}-${label}`);
      await page.keyboard.press('Escape');

      if (label === 'phone') {
        // At phone width a row's actions are in its menu (issue 25, item 8).
        await page
          .getByRole('button', { name: /^Actions for / })
          .first()
          .click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
      } else {
        await page
          .getByRole('button', { name: /^Delete / })
          .first()
          .click();
      }
      await expect(page.getByRole('dialog', { name: 'Delete Transaction' })).toBeVisible();
      await viewportScreenshot(page, `transactions-delete-${theme}-${label}`);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }
  });
}
