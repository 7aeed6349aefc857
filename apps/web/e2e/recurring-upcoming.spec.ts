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

test('View upcoming opens the occurrences of the next 30 days by day; one is skipped after a confirmation, and undone', async ({
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
  // A visible button, not a card that looks static.
  const opener = page.getByRole('button', { name: 'View upcoming' });
  await expect(opener).toBeVisible();
  await screenshot(page, 'recurring-view-upcoming-light-desktop');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Upcoming (30d)' });
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(5);
  // Grouped by day: a heading per day, soonest first.
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
    `${shortDate(addDays(today, 3))} · In 3 days`,
    `${shortDate(addDays(today, 5))} · In 5 days`,
    `${shortDate(addDays(today, 10))} · In 10 days`,
    `${shortDate(addDays(today, 17))} · In 17 days`,
    `${shortDate(addDays(today, 24))} · In 24 days`,
  ]);
  await expect(dialog.getByRole('list', { name: `Due ${shortDate(addDays(today, 3))}` })).toContainText('Gym');
  await expect(rows.nth(0)).toContainText('Gym');
  await expect(rows.nth(0)).toContainText('Utilities');
  await expect(rows.nth(0)).toContainText('-$25.00');
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
  // The skipped one stays on its day, marked, with 'Undo skip'; the message offers Undo at once.
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Skipped');
  await expect(dialog.getByRole('button', { name: /^Skip Gym on/ })).toHaveCount(3);
  const undo = dialog.getByRole('button', { name: `Undo skip of Gym on ${shortDate(addDays(today, 3))}` });
  await expect(undo).toHaveCount(2);
  await screenshot(page, 'recurring-upcoming-skipped-light-desktop');
  await undo.first().click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Skip undone: "Gym" on ${shortDate(addDays(today, 3))} is scheduled again.`,
  );
  await expect(rows.nth(0)).not.toContainText('Skipped');
  await expect(statValue(page, 'Upcoming (30d)')).toHaveText('5');
  let list = (await (await api(page, 'GET', '/recurring')).json()) as {
    data: { id: string; skippedDates: string[]; nextDate: string }[];
  };
  expect(list.data.find((r) => r.id === gym)).toMatchObject({ skippedDates: [], nextDate: addDays(today, 3) });

  // Skipped again, to see it carried through.
  await skipFirst.click();
  await question.getByRole('button', { name: 'Skip occurrence' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Skipped "Gym" on ${shortDate(addDays(today, 3))}.`);
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
  list = (await (await api(page, 'GET', '/recurring')).json()) as {
    data: { id: string; skippedDates: string[]; nextDate: string }[];
  };
  expect(list.data.find((r) => r.id === gym)?.skippedDates).toEqual([addDays(today, 3)]);

  // Dark, on a phone.
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await opener.click();
  await expect(rows).toHaveCount(5);
  await dialog.getByRole('button', { name: `Skip Gym on ${shortDate(addDays(today, 10))}` }).click();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'recurring-upcoming-dark-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("the dashboard lists the next seven days' bills", async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const today = isoToday();
  await createViaApi(page, {
    categoryId: cats['Utilities']!,
    type: 'expense',
    amount: 42.5,
    description: 'Internet',
    frequency: 'monthly',
    startDate: addDays(today, 2),
  });
  await createViaApi(page, {
    categoryId: cats['Utilities']!,
    type: 'expense',
    amount: 15,
    description: 'Phone plan',
    frequency: 'monthly',
    startDate: addDays(today, 9),
  });
  await createViaApi(page, {
    categoryId: cats['Salary']!,
    type: 'income',
    amount: 3000,
    description: 'Pay',
    frequency: 'monthly',
    startDate: addDays(today, 3),
  });
  await page.goto('/dashboard');
  const bills = page.getByRole('region', { name: 'Bills in the next 7 days' });
  await expect(bills.getByRole('listitem')).toHaveCount(1);
  await expect(bills).toContainText('Internet');
  await expect(bills).toContainText('In 2 days');
  await expect(bills).toContainText('1 bill · $42.50');
  for (const theme of ['light', 'dark'] as const) {
    await setAppearance(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSeriousA11yViolations(page);
      await bills.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-bills-${theme}-${width}`);
    }
  }
});
