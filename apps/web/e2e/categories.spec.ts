import { type Page, expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { today } from './clock';
import { captureAllLooks, setAppearance } from './visual-helpers';

async function openCategories(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
}

const filterTab = (page: Page, label: string, count: number) =>
  page
    .getByRole('group', { name: 'Filter categories' })
    .getByRole('button', { name: new RegExp(`^${label}\\s*${count}$`) });
const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');

test('empty state initializes the defaults: badges, no edit or delete, filter counts', async ({ page }) => {
  await signUpViaApi(page);
  await openCategories(page);
  const init = page.getByRole('button', { name: 'Initialize Default Categories' });
  await expect(init).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'categories-empty-light');

  await init.click();
  const banner = page.getByRole('status').filter({ hasText: 'Default categories initialized successfully!' });
  await expect(banner).toBeVisible();
  await expect(cards(page)).toHaveCount(15);
  for (const article of await cards(page).all()) {
    await expect(article.getByText('Default', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await expect(filterTab(page, 'All', 15)).toHaveAttribute('aria-pressed', 'true');
  await filterTab(page, 'Expenses', 10).click();
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByRole('article', { name: 'Salary' })).toHaveCount(0);
  await filterTab(page, 'Income', 5).click();
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByRole('article', { name: 'Salary' })).toContainText('Income');
  await filterTab(page, 'All', 15).click();

  // Banners vanish after 3 seconds.
  await expect(banner).toBeHidden({ timeout: 5_000 });
  await captureAllLooks(page, 'categories-defaults');
});

test('create, validate, edit and delete a custom category', async ({ page }) => {
  await signUpViaApi(page);
  expect((await api(page, 'POST', '/categories/initialize')).status()).toBe(201);
  await openCategories(page);
  await expect(filterTab(page, 'All', 15)).toBeVisible();

  // Create, with the validation messages first.
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Colour #6366f1' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Folder' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Category name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('x'.repeat(51));
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Category name must be less than 50 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Name').fill('Pets');
  await dialog.getByRole('radio', { name: 'Colour #ec4899' }).check();
  await dialog.getByRole('radio', { name: 'Paw prints' }).check();
  await screenshot(page, 'category-form-light');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Category created successfully!' })).toBeVisible();
  const pets = page.getByRole('article', { name: 'Pets' });
  await expect(pets).toContainText('Expense');
  await expect(pets).toContainText('#ec4899');
  await expect(pets.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(filterTab(page, 'All', 16)).toBeVisible();
  await expect(filterTab(page, 'Expenses', 11)).toBeVisible();

  // A duplicate name: the server's message, in the dialog, which stays open.
  await page.getByRole('button', { name: 'New Category' }).click();
  await dialog.getByLabel('Name').fill('groceries');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A category named "groceries" already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Edit: the form starts from the category; the type can change while nothing uses it.
  await pets.getByRole('button', { name: 'Edit Pets' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByLabel('Name')).toHaveValue('Pets');
  await expect(edit.getByRole('radio', { name: 'Paw prints' })).toBeChecked();
  await edit.getByLabel('Name').fill('Pet Sitting');
  await edit.getByRole('button', { name: 'Income' }).click();
  await edit.getByRole('radio', { name: 'Briefcase' }).check();
  await edit.getByRole('button', { name: 'Update Category' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Category updated successfully!' })).toBeVisible();
  const sitting = page.getByRole('article', { name: 'Pet Sitting' });
  await expect(sitting).toContainText('Income');
  await expect(filterTab(page, 'Income', 6)).toBeVisible();
  await expect(filterTab(page, 'Expenses', 10)).toBeVisible();

  // Delete asks first; Cancel keeps it.
  await sitting.getByRole('button', { name: 'Delete Pet Sitting' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText('Are you sure you want to delete "Pet Sitting"? This action cannot be undone.');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(sitting).toBeVisible();
  await sitting.getByRole('button', { name: 'Delete Pet Sitting' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Category deleted successfully!' })).toBeVisible();
  await expect(sitting).toHaveCount(0);
  await expect(filterTab(page, 'All', 15)).toBeVisible();
});

test('colour and icon pickers work from the keyboard; the form looks right in dark and on a phone', async ({
  page,
}) => {
  await signUpViaApi(page);
  await openCategories(page);
  await setAppearance(page, 'dark');
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByLabel('Name').fill('Coffee');
  // Name → Expense → Income → the colour group (one tab stop), then the icon group.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Colour #6366f1' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Colour #f97316' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Folder' })).toBeFocused();
  // Coffee is the 22nd preset.
  for (let i = 0; i < 21; i += 1) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Coffee' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'category-form-dark');
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, 'category-form-dark-phone');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Coffee' });
  await expect(card).toContainText('#f97316');
  // The icon is the bundled Twemoji drawing, the same on every device (no emoji font needed).
  const icon = card.locator('img[data-emoji="☕"]');
  await expect(icon).toHaveAttribute('src', /\.svg$/);
  expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, 'categories-custom-dark-phone');
});

test('failures show the server message, else the fallback, in a red banner', async ({ page }) => {
  await signUpViaApi(page);
  await page.route('**/api/categories/initialize', (route) => route.fulfill({ status: 500, body: '' }));
  await openCategories(page);
  await page.getByRole('button', { name: 'Initialize Default Categories' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to initialize categories' });
  await expect(failed).toBeVisible();
  await expect(failed).toBeHidden({ timeout: 5_000 });

  // A category in use cannot simply be deleted: the dialog knows it from the start and offers a
  // move; with no other category of its type there is nothing to move to, and Cancel has focus.
  const rent = await api(page, 'POST', '/categories', { name: 'Rent', type: 'expense' });
  expect(rent.status()).toBe(201);
  const { data: category } = (await rent.json()) as { data: { id: string } };
  const tx = await api(page, 'POST', '/transactions', {
    categoryId: category.id,
    type: 'expense',
    amount: 950,
    date: today(),
  });
  expect(tx.status()).toBe(201);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  // The Settings tab (a chunk of its own) has drawn, and with it read the categories again.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'Delete Rent' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText('Used by 1 transaction.');
  await expect(confirm).not.toContainText('Are you sure');
  await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(confirm).toContainText('There is no other expense category to move them to.');
  await expect(confirm.getByRole('button', { name: 'Move and delete' })).toHaveCount(0);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: 'Rent' })).toBeVisible();

  // A list that cannot be fetched says so and offers another try.
  await page.route('**/api/categories', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch categories' })).toBeVisible();
});

test('a category in use is deleted by moving its transactions, recurring items and budgets to another', async ({
  page,
}) => {
  await signUpViaApi(page);
  const make = async (name: string, type: 'expense' | 'income') => {
    const res = await api(page, 'POST', '/categories', { name, type });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const food = await make('Food', 'expense');
  const groceries = await make('Groceries', 'expense');
  await make('Salary', 'income');
  expect(
    (
      await api(page, 'POST', '/transactions', { categoryId: food, type: 'expense', amount: 12.5, date: today() })
    ).status(),
  ).toBe(201);
  const recurring = await api(page, 'POST', '/recurring', {
    categoryId: food,
    type: 'expense',
    amount: 40,
    description: 'Veg box',
    frequency: 'weekly',
    startDate: '2099-01-01',
  });
  expect(recurring.status()).toBe(201);
  expect((await api(page, 'POST', '/budgets', { categoryId: food, amount: 200, period: 'monthly' })).status()).toBe(
    201,
  );
  expect(
    (await api(page, 'POST', '/budgets', { categoryId: groceries, amount: 300, period: 'monthly' })).status(),
  ).toBe(201);

  await openCategories(page);
  await page.getByRole('button', { name: 'Delete Food' }).click();
  // One dialog that knows the count from the start: no question first, then a refusal.
  const dialog = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(dialog).toContainText('Used by 1 transaction, 1 recurring transaction and 1 budget.');
  await expect(dialog).not.toContainText('Are you sure');
  const select = dialog.getByLabel('Move them to');
  await expect(select).toBeFocused();
  // Only other expense categories are offered.
  await expect(select.getByRole('option')).toHaveText(['Select a category', /Groceries/]);
  await dialog.getByRole('button', { name: 'Move and delete' }).click();
  await expect(dialog.getByText('Please select a category')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'category-move-light-desktop');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Again in dark on a phone: the dialog reads the count afresh and starts on the choice.
  await setAppearance(page, 'dark');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Delete Food' }).click();
  await expect(select).toBeFocused();
  await expect(select).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'category-move-dark-phone');
  await select.selectOption({ label: '📁 Groceries' });
  await dialog.getByRole('button', { name: 'Move and delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(
    'Category deleted successfully! Moved 1 transaction, 1 recurring transaction. 1 budget dropped: the target category already had one for that period.',
  );
  await expect(page.getByRole('article', { name: 'Food' })).toHaveCount(0);

  // The recurring item now shows Groceries; Groceries keeps its own budget, Food's was dropped.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Recurring' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Veg box' })).toContainText('Groceries');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Budgets' }).click();
  await expect(page.getByText('Your Budgets (1)')).toBeVisible();
});
