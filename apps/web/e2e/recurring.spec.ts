import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import {
  addDays,
  card,
  createViaApi,
  filterTab,
  initCategories,
  isoToday,
  listTransactions,
  openRecurringTab,
  shortDate,
  statValue,
} from './recurring-helpers';

const ACTIVE_LABEL = 'Active (transactions will be generated automatically)';

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Add Recurring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('empty states, then create with the defaults and the validation messages in order', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openRecurringTab(page);
  await expect(page.getByText('Automate your regular income and expenses')).toBeVisible();

  // Empty: a create button only under All; Generate All is off with nothing active.
  await expect(page.getByText('No Recurring Transactions', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate All' })).toBeDisabled();
  for (const label of ['Total', 'Active', 'Inactive', 'Upcoming (30d)']) {
    await expect(statValue(page, label)).toHaveText('0');
  }
  await filterTab(page, 'Active').click();
  await expect(page.getByText('No Active Recurring Transactions', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Recurring Transaction' })).toHaveCount(0);
  await filterTab(page, 'Inactive').click();
  await expect(page.getByText('No Inactive Recurring Transactions', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Recurring Transaction' })).toHaveCount(0);
  await filterTab(page, 'All').click();
  await screenshot(page, 'recurring-empty');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create Recurring Transaction' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  const today = isoToday();
  await expect(dialog.getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Frequency')).toHaveValue('monthly');
  await expect(dialog.getByLabel('Start date')).toHaveValue(today);
  await expect(dialog.getByLabel('End date (optional)')).toHaveAttribute('min', today);
  await expect(dialog.getByLabel(ACTIVE_LABEL)).toHaveCount(0);
  await expect(dialog.getByText('How recurring transactions work')).toBeVisible();
  // Only expense categories are offered for an expense.
  await expect(dialog.getByLabel('Category').locator('option', { hasText: 'Salary' })).toHaveCount(0);

  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  const expectMessage = async (message: string) => {
    await create.click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
  };
  await dialog.getByLabel('End date (optional)').fill(addDays(today, -1));
  await dialog.getByLabel('Start date').fill('');
  await expectMessage('Please select a category');
  await dialog.getByLabel('Category').selectOption({ label: '🏠 Housing' });
  await expectMessage('Please enter a valid amount');
  await dialog.getByLabel('Amount').fill('0');
  await expectMessage('Please enter a valid amount');
  await dialog.getByLabel('Amount').fill('1250.5');
  await expectMessage('Please enter a description');
  await dialog.getByLabel('Description').fill('   ');
  await expectMessage('Please enter a description');
  await dialog.getByLabel('Description').fill('Rent');
  await expectMessage('Please select a start date');
  await dialog.getByLabel('Start date').fill(today);
  await expectMessage('End date must be after start date');
  await dialog.getByLabel('End date (optional)').fill('');

  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/recurring') && r.method() === 'POST'),
    create.click(),
  ]);
  expect(request.postDataJSON()).toEqual({
    categoryId: expect.any(String),
    type: 'expense',
    amount: 1250.5,
    description: 'Rent',
    frequency: 'monthly',
    startDate: today,
    isActive: true,
  });
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Recurring transaction created successfully!' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Recurring Transactions (1)' })).toBeVisible();
  const rent = card(page, 'Rent');
  await expect(rent).toContainText('Housing');
  await expect(rent).toContainText('Monthly');
  await expect(rent).toContainText('-$1,250.50');
  await expect(rent).toContainText('N/A');
  await expect(rent).toContainText('No end date');
  await expect(rent.getByTestId('relative-label')).toHaveText('Today');
  await expect(statValue(page, 'Total')).toHaveText('1');
  await expect(statValue(page, 'Active')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Generate All' })).toBeEnabled();
  // The banner goes after 3 seconds.
  await expect(page.getByText('Recurring transaction created successfully!')).toBeHidden({ timeout: 5_000 });
});

test('edit: Active only when editing; a deactivated item is dimmed, badged and cannot be generated', async ({
  page,
}) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  await createViaApi(page, {
    categoryId: cats['Salary']!,
    type: 'income',
    amount: 3000,
    description: 'Salary',
    frequency: 'monthly',
    startDate: addDays(isoToday(), 3),
  });
  await openRecurringTab(page);
  const salary = card(page, 'Salary');
  await expect(salary).toContainText('+$3,000.00');
  await expect(salary.getByTestId('relative-label')).toHaveText('In 3 days');
  await expect(salary.getByRole('button', { name: 'Generate' })).toBeVisible();

  await salary.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Recurring Transaction' });
  await expect(dialog.getByLabel('Category')).toHaveValue(cats['Salary']!);
  await expect(dialog.getByLabel('Amount')).toHaveValue('3000');
  // Switching the type clears the category; switching back leaves it empty too.
  await dialog.getByRole('button', { name: 'Expense' }).click();
  await expect(dialog.getByLabel('Category')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Income' }).click();
  await expect(dialog.getByLabel('Category')).toHaveValue('');
  await dialog.getByLabel('Category').selectOption({ label: '💰 Freelance' });
  const active = dialog.getByLabel(ACTIVE_LABEL);
  await expect(active).toBeChecked();
  await active.uncheck();
  await dialog.getByLabel('Description').fill('Retainer');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Recurring transaction updated successfully!' }),
  ).toBeVisible();

  const retainer = card(page, 'Retainer');
  await expect(retainer).toHaveAttribute('data-state', 'inactive');
  await expect(retainer.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(retainer).toContainText('Freelance');
  await expect(retainer.getByRole('button', { name: 'Generate' })).toHaveCount(0);
  await expect(retainer.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate All' })).toBeDisabled();

  await expect(filterTab(page, 'All')).toContainText('1');
  await expect(filterTab(page, 'Active')).toContainText('0');
  await expect(filterTab(page, 'Inactive')).toContainText('1');
  await expect(statValue(page, 'Active')).toHaveText('0');
  await expect(statValue(page, 'Inactive')).toHaveText('1');
  await filterTab(page, 'Active').click();
  await expect(page.getByText('No Active Recurring Transactions', { exact: true })).toBeVisible();
  await filterTab(page, 'Inactive').click();
  await expect(page.getByRole('heading', { name: 'Inactive Recurring Transactions (1)' })).toBeVisible();

  // Re-activating brings Generate back.
  await retainer.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel(ACTIVE_LABEL).check();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('No Inactive Recurring Transactions', { exact: true })).toBeVisible();
  await filterTab(page, 'Active').click();
  await expect(card(page, 'Retainer').getByRole('button', { name: 'Generate' })).toBeVisible();
});

test('overdue item: badge, Generate with its confirmation, Generate All catches up, delete keeps transactions', async ({
  page,
}) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openRecurringTab(page);
  const today = isoToday();
  const start = addDays(today, -14);

  // Created in the UI so nothing (the dashboard's automatic run) generates it before we look.
  const dialog = await openCreate(page);
  await dialog.getByLabel('Category').selectOption({ label: '🏥 Healthcare' });
  await dialog.getByLabel('Amount').fill('40');
  await dialog.getByLabel('Description').fill('Gym');
  await dialog.getByLabel('Frequency').selectOption('weekly');
  await dialog.getByLabel('Start date').fill(start);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();

  const gym = card(page, 'Gym');
  await expect(gym).toHaveAttribute('data-state', 'overdue');
  await expect(gym.getByText('Overdue', { exact: true })).toHaveCount(2); // badge and relative label
  await expect(gym).toContainText(shortDate(start));
  await expect(gym).toContainText('Weekly');
  await expectNoSeriousA11yViolations(page);

  await gym.getByRole('button', { name: 'Generate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate Transaction' });
  await expect(confirm).toContainText(
    'Generate a transaction now for "Gym"? This will create a new transaction and update the next scheduled date.',
  );
  // It also says which date the transaction gets (issue 25, item 15).
  await expect(confirm).toContainText(`It will be dated ${shortDate(start)}, the day it was due.`);
  await confirm.getByRole('button', { name: 'Generate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Transaction generated successfully!' })).toBeVisible();
  // Next date moved one week; the last generated date is the first occurrence.
  await expect(gym).toContainText(shortDate(addDays(start, 7)));
  await expect(gym.getByRole('definition').nth(1)).toHaveText(shortDate(start));
  await expect(gym).toHaveAttribute('data-state', 'overdue');

  // Generate All creates the missed occurrences (a week ago and today) and shows the server's message.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/recurring/generate') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Generate All' }).click(),
  ]);
  const body = (await response.json()) as { data: { generated: number }; message: string };
  expect(body.data.generated).toBe(2);
  await expect(page.getByRole('status').filter({ hasText: body.message })).toBeVisible();
  await expect(gym).toHaveAttribute('data-state', 'active');
  await expect(gym.getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(gym.getByTestId('relative-label')).toHaveText('In 7 days');
  await expect(gym.getByRole('definition').nth(1)).toHaveText(shortDate(today));

  // Generating ahead of the next date dates the transaction today, and the dialog says so.
  await gym.getByRole('button', { name: 'Generate' }).click();
  await expect(confirm).toContainText(
    `It will be dated today, ${shortDate(today)}, not on its next date, ${shortDate(addDays(today, 7))}.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  const generated = (await listTransactions(page)).filter((t) => t.description === 'Gym');
  expect(generated.map((t) => t.date).sort()).toEqual([start, addDays(start, 7), today]);

  // Delete asks first, word for word; the generated transactions stay.
  await gym.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Recurring Transaction' });
  await expect(del).toContainText(
    'Are you sure you want to delete "Gym"? This will not delete any transactions that were already generated.',
  );
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Recurring transaction deleted successfully!' }),
  ).toBeVisible();
  await expect(page.getByText('No Recurring Transactions', { exact: true })).toBeVisible();
  const kept = (await listTransactions(page)).filter((t) => t.description === 'Gym');
  expect(kept).toHaveLength(3);
  expect(kept.every((t) => t.recurringId === null)).toBe(true);
});

test('the server refuses to generate an inactive item; the Upcoming card counts occurrences', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const id = await createViaApi(page, {
    categoryId: cats['Utilities']!,
    type: 'expense',
    amount: 60,
    description: 'Internet',
    frequency: 'weekly',
    startDate: addDays(isoToday(), 1),
  });
  await createViaApi(page, {
    categoryId: cats['Groceries']!,
    type: 'expense',
    amount: 9.99,
    description: 'Paused box',
    frequency: 'daily',
    startDate: addDays(isoToday(), 1),
    isActive: false,
  });
  const upcoming = (await (await api(page, 'GET', '/recurring/upcoming?days=30')).json()) as { data: unknown[] };
  expect(upcoming.data.length).toBeGreaterThan(0);
  await openRecurringTab(page);
  await expect(statValue(page, 'Upcoming (30d)')).toHaveText(String(upcoming.data.length));
  await expect(statValue(page, 'Total')).toHaveText('2');
  await expect(filterTab(page, 'Active')).toContainText('1');
  await expect(filterTab(page, 'Inactive')).toContainText('1');
  await expect(card(page, 'Internet').getByTestId('relative-label')).toHaveText('Tomorrow');

  const res = await api(page, 'PUT', `/recurring/${id}`, {
    categoryId: cats['Utilities'],
    type: 'expense',
    amount: 60,
    description: 'Internet',
    frequency: 'weekly',
    startDate: addDays(isoToday(), 1),
    isActive: false,
  });
  expect(res.ok()).toBe(true);
  const refused = await api(page, 'POST', `/recurring/${id}/generate`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Inactive recurring transactions cannot be generated',
  );
});
