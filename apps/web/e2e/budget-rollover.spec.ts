import { expect, test } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { api, expectNoSeriousA11yViolations, pageToken, screenshot, signUpViaApi } from './helpers';
import { budgetCard, openBudgetsTab, spendViaApi, todayUtc } from './budgets-helpers';
import { setAppearance } from './visual-helpers';

/** 'YYYY-MM' of the month before today's. */
function lastMonth(): string {
  const [y, m] = todayUtc().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

test('Carry over unspent amount: last month’s leftover shows on the card; the setting is in the dialog', async ({
  page,
}) => {
  // A budget with history: created last month (through an export whose budget is dated so, restored
  // into a fresh account — the one way to have an old budget without waiting a month).
  await signUpViaApi(page);
  const cat = await api(page, 'POST', '/categories', { name: 'Food', type: 'expense' });
  const food = ((await cat.json()) as { data: { id: string } }).data.id;
  const created = await api(page, 'POST', '/budgets', { categoryId: food, amount: 100, rollover: true });
  expect(created.status()).toBe(201);
  await spendViaApi(page, food, 60, `${lastMonth()}-15`);
  const exported = await page.request.get('/api/account/export', {
    headers: { Authorization: `Bearer ${await pageToken(page)}` },
  });
  expect(exported.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await exported.body()));
  const doc = JSON.parse(strFromU8(files['ledgerly.json']!)) as { budgets: { createdAt: string }[] };
  doc.budgets[0]!.createdAt = `${lastMonth()}-01T12:00:00.000Z`;
  files['ledgerly.json'] = strToU8(JSON.stringify(doc));
  const zip = Buffer.from(zipSync(files));

  await signUpViaApi(page);
  const restored = await page.request.post('/api/account/restore', {
    headers: { Authorization: `Bearer ${await pageToken(page)}` },
    multipart: { file: { name: 'export.zip', mimeType: 'application/zip', buffer: zip } },
  });
  expect(restored.status(), await restored.text()).toBe(200);
  const restoredFood = ((await (await api(page, 'GET', '/categories')).json()) as { data: { id: string }[] }).data[0]!
    .id;
  await spendViaApi(page, restoredFood, 30);

  await openBudgetsTab(page);
  const card = budgetCard(page, 'Food');
  await expect(card).toContainText('Monthly · Carries over');
  await expect(card.getByTestId('carried-over')).toHaveText('Includes $40.00 carried over: $140.00 available');
  // Remaining measures against what is available: 140 − 30.
  await expect(card).toContainText('$110.00');

  // The dialog shows the setting; turning it off measures against the amount alone.
  await card.getByRole('button', { name: 'Edit Food budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Budget' });
  const box = dialog.getByRole('checkbox', { name: 'Carry over unspent amount' });
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(
    'What is left at the end of each period (or overspent) moves into the next one.',
  );
  await expectNoSeriousA11yViolations(page);
  await box.uncheck();
  await dialog.getByRole('button', { name: 'Update Budget' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('carried-over')).toHaveCount(0);
  await expect(card).toContainText('$70.00');

  // And back on, in dark at phone width.
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Edit Food budget' }).click();
  await box.check();
  await dialog.getByRole('button', { name: 'Update Budget' }).click();
  await expect(card.getByTestId('carried-over')).toHaveText('Includes $40.00 carried over: $140.00 available');
  await expectNoSeriousA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'budget-rollover-dark-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
