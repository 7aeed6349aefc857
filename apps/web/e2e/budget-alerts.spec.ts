import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { today } from './clock';
import { shortDate } from './recurring-helpers';
import { setAppearance } from './visual-helpers';

test('budget alerts: the bell counts unread alerts, lists them with the figure and the date, dismisses', async ({
  page,
}) => {
  await signUpViaApi(page);
  const res = await api(page, 'POST', '/categories', { name: 'Food', type: 'expense' });
  const { data: food } = (await res.json()) as { data: { id: string } };
  expect((await api(page, 'POST', '/budgets', { categoryId: food.id, amount: 100 })).status()).toBe(201);
  const spend = async (amount: number) =>
    expect(
      (
        await api(page, 'POST', '/transactions', { categoryId: food.id, type: 'expense', amount, date: today() })
      ).status(),
    ).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Alerts, 0 unread' })).toBeVisible();
  await spend(75);
  await page.reload();
  const bell = page.getByRole('button', { name: 'Alerts, 1 unread' });
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Alerts' });
  const items = dialog.getByRole('list', { name: 'Budget alerts' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Food: 70% of the monthly budget used');
  await expect(items.first()).toContainText('$75.00 of $100.00 spent');
  await expect(items.first()).toContainText(shortDate(today()));
  await expect(items.first()).toContainText('New');
  // The list opens on its heading, not on the first "Dismiss".
  await expect(dialog.getByRole('heading', { name: 'Alerts' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Opening the list marked it read; closing gives focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const readBell = page.getByRole('button', { name: 'Alerts, 0 unread' });
  await expect(readBell).toBeFocused();

  // Over the budget: a second alert, once. Added from the dashboard's own dialog, so the bell
  // refreshes without a reload.
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const add = page.getByRole('dialog', { name: 'Add Transaction' });
  await add.getByLabel('Category').selectOption({ label: '📁 Food' });
  await add.getByLabel('Amount').fill('30');
  await add.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(add).toBeHidden();
  // The write that crossed the threshold says so at once, in a toast.
  const toast = page.getByRole('region', { name: 'New budget alert' });
  await expect(toast).toContainText('Food: monthly budget reached 100%');
  await expect(toast).toContainText('$105.00 of $100.00 spent');
  // It stays while the pointer is on it (it goes by itself after 10 s otherwise).
  await toast.hover();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'budget-alert-toast-light-desktop');
  await toast.getByRole('button', { name: 'Close alert notification' }).click();
  await expect(toast).toHaveCount(0);
  await page.getByRole('button', { name: 'Alerts, 1 unread' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Food: monthly budget reached 100%');
  await expect(items.nth(0)).toContainText('$105.00 of $100.00 spent');
  await expect(items.nth(1)).not.toContainText('New');

  // Dismiss the first: it goes, focus moves to the next one's Dismiss.
  await dialog.getByRole('button', { name: 'Dismiss alert: Food: monthly budget reached 100%' }).click();
  await expect(items).toHaveCount(1);
  await expect(
    dialog.getByRole('button', { name: 'Dismiss alert: Food: 70% of the monthly budget used' }),
  ).toBeFocused();

  // Dark, on a phone.
  await page.keyboard.press('Escape');
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await readBell.click();
  await expect(items).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'budget-alerts-dark-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: /^Dismiss alert/ }).click();
  await expect(dialog).toContainText('No alerts.');
  const list = (await (await api(page, 'GET', '/alerts')).json()) as { data: unknown[]; meta: { unread: number } };
  expect(list).toEqual({ data: [], meta: { unread: 0 } });
});

test('a budget created already past 100 % raises one alert, told at once; edits that cross say so too', async ({
  page,
}) => {
  await signUpViaApi(page);
  const res = await api(page, 'POST', '/categories', { name: 'Travel', type: 'expense' });
  const { data: travel } = (await res.json()) as { data: { id: string } };
  const made = await api(page, 'POST', '/transactions', {
    categoryId: travel.id,
    type: 'expense',
    amount: 150,
    description: 'Train',
    date: today(),
  });
  expect(made.status()).toBe(201);
  // A second category with a budget, nothing spent in it yet.
  const hotel = await api(page, 'POST', '/categories', { name: 'Hotel', type: 'expense' });
  const { data: hotelCat } = (await hotel.json()) as { data: { id: string } };
  expect((await api(page, 'POST', '/budgets', { categoryId: hotelCat.id, amount: 200 })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Alerts, 0 unread' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Budgets' }).click();
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });

  // A budget of 100 over 150 already spent: one alert (100 %), not 70 % and 100 %.
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const form = page.getByRole('dialog', { name: 'Create Budget' });
  await form.getByLabel('Category').selectOption({ label: '📁 Travel' });
  await form.getByRole('spinbutton', { name: 'Budget Amount' }).fill('100');
  await form.getByRole('button', { name: 'Create Budget' }).click();
  await expect(form).toBeHidden();
  const toast = page.getByRole('region', { name: 'New budget alert' });
  await expect(toast).toContainText('Travel: monthly budget reached 100%');
  await expect(toast).not.toContainText('more');
  await toast.hover();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'budget-alert-toast-dark-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await toast.getByRole('button', { name: 'View alerts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alerts' });
  await expect(dialog.getByRole('heading', { name: 'Alerts' })).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Budget alerts' }).getByRole('listitem')).toHaveCount(1);
  await expect(toast).toHaveCount(0);
  await page.keyboard.press('Escape');
  const list = (await (await api(page, 'GET', '/alerts')).json()) as { data: { threshold: number }[] };
  expect(list.data.map((a) => a.threshold)).toEqual([100]);

  // An edit that moves the train to Hotel crosses Hotel's 70 %: told at once too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Transactions' }).click();
  await page
    .getByRole('button', { name: /^Edit Train/ })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Transaction' });
  await edit.getByLabel('Category').selectOption({ label: '📁 Hotel' });
  await edit.getByRole('button', { name: 'Update Transaction' }).click();
  await expect(edit).toBeHidden();
  await expect(toast).toContainText('Hotel: 70% of the monthly budget used');
});
