import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import {
  TODAY,
  card,
  counter,
  createTransaction,
  initCategories,
  makePng,
  openTransactionsTab,
  summary,
  viewportScreenshot,
} from './transactions-helpers';

test('add a transaction with a receipt: progress bar, thumbnail and full-size preview', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openTransactionsTab(page);
  await expect(page.getByText('No transactions found')).toBeVisible();

  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  await expect(dialog.getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Category').selectOption({ label: '🍔 Food & Dining' });
  await dialog.getByLabel('Amount').fill('42.50');
  await dialog.getByLabel('Description (optional)').fill('Team lunch');
  await expect(dialog.getByText('10/255')).toBeVisible();
  // A picture of noise does not compress: big enough (~270 KB) to watch it upload.
  await dialog
    .getByLabel('Receipt (optional)')
    .setInputFiles({ name: 'lunch.png', mimeType: 'image/png', buffer: makePng(300, 300, { noise: true }) });
  await expect(dialog.getByRole('img', { name: 'Receipt preview' })).toBeVisible();

  // Slow the upload down so the progress bar can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    // ~270 KB at 30 KB/s: about 9 s, room for the checks below on a busy machine.
    uploadThroughput: 30 * 1024,
  });
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Uploading receipt...' });
  await expect(bar).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toBeDisabled();
  await expect(dialog.getByLabel('Category')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
  await viewportScreenshot(page, 'transactions-uploading');
  await expect(page.getByRole('status').filter({ hasText: 'Transaction created successfully!' })).toBeVisible({
    timeout: 40_000,
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(dialog).toBeHidden();

  const row = card(page, 'Team lunch');
  await expect(row).toContainText('Food & Dining');
  await expect(row).toContainText('-$42.50');
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
  await expect(summary(page, 'Total Expenses')).toContainText('$42.50');
  await expect(summary(page, 'Balance')).toContainText('-$42.50');
  await expect(summary(page, 'Balance')).toHaveAttribute('data-tone', 'negative');

  const thumb = row.getByRole('button', { name: 'View receipt for Team lunch' });
  await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
  expect(await thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumb.click();
  const preview = page.getByRole('dialog', { name: 'Receipt' });
  const full = preview.getByRole('img', { name: 'Receipt for Team lunch' });
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  // The success banner goes after 3 seconds.
  await expect(page.getByText('Transaction created successfully!')).toBeHidden({ timeout: 5_000 });
});

test('form validation: the spec messages, type change clears the category, bad files refused', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openTransactionsTab(page);
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  await expect(dialog.getByLabel('Date')).toHaveValue(TODAY);
  await expect(dialog.getByLabel('Date')).toHaveAttribute('max', TODAY);
  await expect(dialog.getByLabel('Amount')).toHaveAttribute('min', '0.01');
  await expect(dialog.getByLabel('Amount')).toHaveAttribute('step', '0.01');
  await dialog.getByLabel('Date').fill('');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(dialog.getByText('Please select a category')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();
  await expect(dialog.getByText('Please select a date')).toBeVisible();
  await viewportScreenshot(page, 'transactions-form-errors');

  const category = dialog.getByLabel('Category');
  await expect(category.getByRole('option', { name: '💼 Salary' })).toHaveCount(0);
  await category.selectOption({ label: '🛒 Groceries' });
  await expect(dialog.getByText('Please select a category')).toBeHidden();
  await dialog.getByRole('button', { name: 'Income' }).click();
  await expect(category).toHaveValue('');
  await expect(category.getByRole('option', { name: '🛒 Groceries' })).toHaveCount(0);
  await expect(category.getByRole('option', { name: '💼 Salary' })).toHaveCount(1);

  const picker = dialog.getByLabel('Receipt (optional)');
  const preview = dialog.getByRole('img', { name: 'Receipt preview' });
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(dialog.getByText('Please upload a valid image file (JPEG, PNG, GIF, or WebP)')).toBeVisible();
  // A file that only claims to be an image (renamed .jpg) is refused too, with no broken preview.
  await picker.setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 not a jpeg') });
  await expect(dialog.getByText('Please upload a valid image file (JPEG, PNG, GIF, or WebP)')).toBeVisible();
  await expect(preview).toHaveCount(0);
  // A refused pick after a good one leaves nothing of the good one behind either.
  await picker.setInputFiles({ name: 'good.png', mimeType: 'image/png', buffer: makePng(40, 40) });
  await expect(preview).toBeVisible();
  await picker.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(dialog.getByText('File size must be less than 5MB')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A description longer than 255 characters cannot be typed.
  const description = dialog.getByLabel('Description (optional)');
  await description.fill('x'.repeat(300));
  await expect(description).toHaveValue('x'.repeat(255));
  await expect(dialog.getByText('255/255')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('edit a transaction, remove its receipt, and delete one with confirmation', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  await createTransaction(page, {
    category: cats['Groceries']!,
    amount: '25',
    description: 'Weekly shop',
    date: TODAY,
    receipt: makePng(120, 160),
  });
  await createTransaction(page, { category: cats['Freelance']!, amount: '500', description: 'Logo job', date: TODAY });
  await openTransactionsTab(page);
  await expect(counter(page)).toHaveText('Showing 2 of 2 transactions');

  await card(page, 'Weekly shop').getByRole('button', { name: 'Edit Weekly shop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('25.00');
  await expect(dialog.getByLabel('Category')).toHaveValue(cats['Groceries']!.id);
  await expect(dialog.getByRole('img', { name: 'Receipt preview' })).toBeVisible();
  await dialog.getByLabel('Amount').fill('31.75');
  await dialog.getByLabel('Description (optional)').fill('Weekly shop and snacks');
  await dialog.getByRole('button', { name: 'Remove receipt' }).click();
  await expect(dialog.getByRole('img', { name: 'Receipt preview' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Update Transaction' }).click();
  await expect(page.getByText('Transaction updated successfully!')).toBeVisible();
  const edited = card(page, 'Weekly shop and snacks');
  await expect(edited).toContainText('-$31.75');
  await expect(edited.getByRole('button', { name: /View receipt/ })).toHaveCount(0);
  await expect(summary(page, 'Total Expenses')).toContainText('$31.75');

  // Delete: cancel keeps it, confirm removes it.
  await card(page, 'Logo job').getByRole('button', { name: 'Delete Logo job' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Transaction' });
  await expect(confirm).toContainText('Logo job');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, 'Logo job')).toBeVisible();
  await card(page, 'Logo job').getByRole('button', { name: 'Delete Logo job' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Transaction deleted successfully!')).toBeVisible();
  await expect(card(page, 'Logo job')).toHaveCount(0);
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
  await expect(summary(page, 'Total Income')).toContainText('$0.00');
});

test('amounts follow the currency chosen in settings', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  await createTransaction(page, { category: cats['Salary']!, amount: '1234.56', description: 'Pay', date: TODAY });
  await openTransactionsTab(page);
  await expect(card(page, 'Pay')).toContainText('+$1,234.56');
  const res = await api(page, 'PUT', '/settings', { firstName: 'Tess', lastName: null, currency: 'EUR' });
  expect(res.ok()).toBe(true);
  await openTransactionsTab(page);
  await expect(card(page, 'Pay')).toContainText('+€1,234.56');
  await expect(summary(page, 'Total Income')).toContainText('€1,234.56');
});
