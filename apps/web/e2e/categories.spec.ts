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
  await expect(card).toContainText('☕');
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

  // A category in use cannot be deleted: the server says why; the confirmation closes.
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
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'Delete Rent' }).click();
  await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Category' })).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(
    'This category is used by 1 transaction, so it cannot be deleted. Move or delete them first.',
  );
  await expect(page.getByRole('article', { name: 'Rent' })).toBeVisible();

  // A list that cannot be fetched says so and offers another try.
  await page.route('**/api/categories', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch categories' })).toBeVisible();
});
