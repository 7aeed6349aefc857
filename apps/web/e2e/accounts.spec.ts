import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MSG, type Account } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { createTransaction, daysAgo, initCategories } from './transactions-helpers';

/** Opens the Accounts tab from the desktop sidebar or, on a phone, the menu. */
async function openAccountsTab(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (await nav.isVisible()) {
    await nav.getByRole('button', { name: 'Accounts' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Accounts' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
}

async function accountsByName(page: Page): Promise<Record<string, Account>> {
  const res = await api(page, 'GET', '/accounts');
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: Account[] };
  return Object.fromEntries(data.map((a) => [a.name, a]));
}

const statCard = (page: Page, label: string) =>
  page.locator('[data-tone]').filter({ has: page.getByText(label, { exact: true }) });

// The phone run is in dark mode, so axe checks both looks' contrast.
for (const { name, width, height, colorScheme } of [
  { name: 'desktop', width: 1280, height: 900, colorScheme: 'light' as const },
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' as const },
]) {
  test(`accounts (${name}): a second account, a transfer, running balances, a reconciliation and its lock`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme });
    const page = await context.newPage();
    await signUpViaApi(page);
    const categories = await initCategories(page);
    await createTransaction(page, {
      category: categories.Salary!,
      amount: '1000.00',
      description: 'Salary',
      date: daysAgo(3),
    });

    // One account: the default "Main account" alone, under Assets.
    await openAccountsTab(page);
    const assets = page.getByRole('region', { name: 'Assets' });
    await expect(assets.getByRole('button')).toHaveCount(1);
    await expect(assets.getByRole('button', { name: /^Main account/ })).toContainText('$1,000.00');
    await expect(page.getByRole('region', { name: 'Liabilities' })).toHaveCount(0);

    // A second account through the dialog.
    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Name').fill('Savings');
    await dialog.getByLabel('Kind').selectOption('savings');
    await dialog.getByLabel('Opening balance').fill('50');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByText('Account added')).toBeVisible();
    await expect(assets.getByRole('button')).toHaveCount(2);
    await expect(assets.getByRole('button', { name: /^Savings/ })).toContainText('$50.00');
    await expect(statCard(page, 'Assets')).toContainText('$1,050.00');
    await expect(statCard(page, 'Net worth')).toContainText('$1,050.00');

    // A transfer (through the API), then the page again: balances moved, net worth did not.
    const accounts = await accountsByName(page);
    const main = accounts['Main account']!;
    const savings = accounts.Savings!;
    const transfer = await api(page, 'POST', '/transfers', {
      fromAccountId: main.id,
      toAccountId: savings.id,
      amount: 250,
      date: daysAgo(1),
      description: 'Monthly saving',
    });
    expect(transfer.status(), await transfer.text()).toBe(201);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(assets.getByRole('button', { name: /^Main account/ })).toContainText('$750.00');
    await expect(assets.getByRole('button', { name: /^Savings/ })).toContainText('$300.00');
    await expect(statCard(page, 'Net worth')).toContainText('$1,050.00');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `accounts-page-${name}`);

    // The register: newest first, each row with the balance after it.
    await assets.getByRole('button', { name: /^Main account/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Main account' })).toBeVisible();
    const titles = page.getByTestId('register-title');
    const balances = page.getByTestId('running-balance');
    await expect(titles.nth(0)).toHaveText('Transfer to Savings: Monthly saving');
    await expect(balances.nth(0)).toHaveText('$750.00');
    await expect(titles.nth(1)).toHaveText('Salary');
    await expect(balances.nth(1)).toHaveText('$1,000.00');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `accounts-register-${name}`);

    // Reconcile to a statement of 750: tick what is not cleared, the difference reaches 0, finish.
    await page.getByRole('button', { name: 'Reconcile' }).click();
    const start = page.getByRole('region', { name: 'Reconcile with a statement' });
    await start.getByLabel('Statement balance').fill('750');
    await start.getByRole('button', { name: 'Start' }).click();
    const panel = page.getByRole('region', { name: /^Reconciling to/ });
    await expect(panel).toBeVisible();
    const boxes = panel.getByRole('checkbox');
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) {
      if (!(await box.isChecked())) {
        await box.check();
        await expect(box).toBeEnabled();
      }
    }
    await expect(panel.getByTestId('reconcile-difference')).toHaveText('$0.00');
    await screenshot(page, `accounts-reconcile-${name}`);
    await panel.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText(/^Reconciled to /)).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('img', { name: 'Reconciled' })).toHaveCount(2);

    // A reconciled row's amount is locked: the server's sentence, in the form.
    await page.getByRole('button', { name: 'Edit Salary' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Transaction' });
    await edit.getByLabel('Amount').fill('1001');
    await edit.getByRole('button', { name: 'Update Transaction' }).click();
    await expect(edit.getByText(ACCOUNT_MSG.reconciledLocked)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Reopen: the rows can change again (no lock).
    const list = page.getByRole('region', { name: 'Reconciliations' });
    await list.getByRole('button', { name: /^Reopen the reconciliation of/ }).click();
    await expect(page.getByText(/^Reconciliation of .* reopened$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Reconciled' })).toHaveCount(0);

    // Back returns to the list.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await context.close();
  });
}

test('one account: the dashboard has no net-worth card; a second account brings it', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Income')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Net worth' })).toHaveCount(0);
  const res = await api(page, 'POST', '/accounts', { name: 'Visa', kind: 'credit_card', openingBalance: -120 });
  expect(res.status(), await res.text()).toBe(201);
  await page.reload();
  const card = page.getByRole('region', { name: 'Net worth' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('-$120.00');
});
