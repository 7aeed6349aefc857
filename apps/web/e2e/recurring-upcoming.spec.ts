import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import {
  addDays,
  card,
  createViaApi,
  initCategories,
  isoToday,
  openRecurringTab,
  shortDate,
  statValue,
} from './recurring-helpers';
import { setAppearance } from './visual-helpers';

test('Upcoming (30d) opens the occurrences of the next 30 days; one is skipped after a confirmation', async ({
  page,
}) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const today = isoToday();
  const gym = await createViaApi(page, {
    categoryId: cats['Utilities']!,
    type: 'expense',
    amount: 25,
    description: 'Gym',
    frequency: 'weekly',
    startDate: addDays(today, 3),
  });
  await createViaApi(page, {
    categoryId: cats['Salary']!,
    type: 'income',
    amount: 3000,
    description: 'Pay',
    frequency: 'monthly',
    startDate: addDays(today, 5),
  });
  await openRecurringTab(page);
  // Gym on +3, +10, +17, +24; Pay on +5.
  await expect(statValue(page, 'Upcoming (30d)')).toHaveText('5');
  const opener = page.getByRole('button', { name: /Upcoming \(30d\)/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Upcoming (30d)' });
  const rows = dialog.getByRole('list', { name: 'Upcoming transactions' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText(shortDate(addDays(today, 3)));
  await expect(rows.nth(0)).toContainText('Gym');
  await expect(rows.nth(0)).toContainText('Utilities');
  await expect(rows.nth(0)).toContainText('-$25.00');
  await expect(rows.nth(0)).toContainText('In 3 days');
  await expect(rows.nth(1)).toContainText('Pay');
  await expect(rows.nth(1)).toContainText('+$3,000.00');
  await expectNoSeriousA11yViolations(page);

  // Skip asks first; 'Keep it' changes nothing and gives focus back to the row's Skip.
  const skipFirst = dialog.getByRole('button', { name: `Skip Gym on ${shortDate(addDays(today, 3))}` });
  await skipFirst.click();
  const question = dialog.getByRole('group', { name: `Skip Gym on ${shortDate(addDays(today, 3))}?` });
  await expect(question.getByRole('button', { name: 'Skip occurrence' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toHaveCount(0);
  await expect(skipFirst).toBeFocused();

  await skipFirst.click();
  await question.getByRole('button', { name: 'Skip occurrence' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Skipped "Gym" on ${shortDate(addDays(today, 3))}.`);
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Pay');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The card shows the skip and the schedule moved on; nothing was created.
  await expect(statValue(page, 'Upcoming (30d)')).toHaveText('4');
  const gymCard = card(page, 'Gym');
  await expect(gymCard).toContainText(`Skipped ${shortDate(addDays(today, 3)).replace(/, \d+$/, '')}`);
  await expect(gymCard).toContainText(shortDate(addDays(today, 10)));
  const tx = (await (await api(page, 'GET', '/transactions')).json()) as { data: unknown[] };
  expect(tx.data).toHaveLength(0);
  const list = (await (await api(page, 'GET', '/recurring')).json()) as {
    data: { id: string; skippedDates: string[] }[];
  };
  expect(list.data.find((r) => r.id === gym)?.skippedDates).toEqual([addDays(today, 3)]);

  // Dark, on a phone.
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await opener.click();
  await expect(rows).toHaveCount(4);
  await dialog.getByRole('button', { name: `Skip Gym on ${shortDate(addDays(today, 10))}` }).click();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'recurring-upcoming-dark-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
