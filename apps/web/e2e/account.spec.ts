import { type Page, expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { SECURITY_MSG } from '@ledgerly/shared';
import { SCREENSHOT_DIR, api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { expectNoHorizontalOverflow, setAppearance } from './visual-helpers';

const PHONE_390 = { width: 390, height: 844 };

async function openSecurity(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Account & security' })).toBeVisible();
}

/** A code for the next 30-second step: the server never takes the same step twice. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('two-factor: set up in Settings with a computed code, sign out, sign in with a code', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await openSecurity(page);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('6-digit code').fill('12345');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText(SECURITY_MSG.codeInvalid)).toBeVisible();

  await dialog.getByLabel('6-digit code').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('two-factor-status')).toContainText('On:');
  await expect(card.getByTestId('two-factor-status')).toContainText('10 recovery codes left');

  // Sign out, then the second step asks for the code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, email, password);
  await expect(page.getByText(SECURITY_MSG.codePrompt).first()).toBeVisible();
  const codeInput = page.getByLabel('6-digit code');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousA11yViolations(page);

  await codeInput.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(SECURITY_MSG.codeInvalid)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // A recovery code works once.
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInWithPassword(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('tokens: create, use over the API (a read token cannot write), revoke', async ({ page }) => {
  await signUpViaApi(page);
  await openSecurity(page);
  const card = page.getByRole('region', { name: 'Personal API tokens' });
  await expect(card.getByText('No API tokens yet.')).toBeVisible();

  await card.getByLabel('Token name').fill('Spreadsheet');
  await card.getByLabel('Access').selectOption('read');
  await card.getByRole('button', { name: 'Create token' }).click();
  const shown = card.getByTestId('new-token');
  await expect(shown).toHaveText(/^lgy_/);
  const token = await shown.innerText();
  await expect(card.getByRole('button', { name: 'Copy token' })).toBeVisible();

  const auth = { Authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/transactions', { headers: auth })).status()).toBe(200);
  const write = await page.request.post('/api/categories', {
    headers: auth,
    data: { name: 'Rent', type: 'expense' },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { message: string }).message).toBe(SECURITY_MSG.readOnlyToken);

  // Its use shows in the list.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const list = page.getByRole('list', { name: 'API tokens' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Spreadsheet');
  await expect(list).toContainText('Last used');

  await list.getByRole('button', { name: 'Revoke token Spreadsheet' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token "Spreadsheet" revoked')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal API tokens' }).getByText('No API tokens yet.')).toBeVisible();
  expect((await page.request.get('/api/transactions', { headers: auth })).status()).toBe(401);
});

test('export downloads a zip; restore refuses an account with data and fills an empty one', async ({ page }) => {
  await signUpViaApi(page);
  expect((await api(page, 'POST', '/categories', { name: 'Rent', type: 'expense' })).status()).toBe(201);
  await openSecurity(page);

  const card = page.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ledgerly-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  expect(path).toBeTruthy();

  // This account has data: the server's 409 message is shown.
  await card.getByLabel('Export file (.zip)').setInputFiles(path);
  await card.getByRole('button', { name: 'Restore' }).click();
  await expect(card.getByText(SECURITY_MSG.accountHasData)).toBeVisible();

  // A new, empty account takes it.
  await signUpViaApi(page);
  await openSecurity(page);
  const fresh = page.getByRole('region', { name: 'Your data' });
  await fresh.getByLabel('Export file (.zip)').setInputFiles(path);
  await fresh.getByRole('button', { name: 'Restore' }).click();
  await expect(fresh.getByRole('status').filter({ hasText: /^Restored / })).toContainText('1 categories');
  const categories = (await (await api(page, 'GET', '/categories')).json()) as { data: { name: string }[] };
  expect(categories.data.map((c) => c.name)).toContain('Rent');
});

test('change password signs out other sessions; delete account signs out and the sign-in then fails', async ({
  page,
  browser,
}) => {
  const { email, password, token: firstSession } = await signUpViaApi(page);
  // A second session, as from another browser.
  const other = await browser.newContext();
  const signIn = await other.request.post(new URL('/api/auth/login', page.url()).toString(), {
    data: { email, password },
  });
  const otherToken = ((await signIn.json()) as { token: string }).token;
  await other.close();
  expect(otherToken).not.toBe(firstSession);

  // An API token, which the password change revokes (the form's default).
  const made = await page.request.post('/api/account/tokens', {
    headers: { Authorization: `Bearer ${firstSession}` },
    data: { name: 'Script', scope: 'read' },
  });
  const apiToken = ((await made.json()) as { data: { token: string } }).data.token;

  await openSecurity(page);
  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  const pw = page.getByRole('region', { name: 'Change password' });
  await pw.getByLabel('Current password').fill('wrong-password');
  await pw.getByLabel('New password', { exact: true }).fill('brand-new-secret');
  await pw.getByLabel('Repeat the new password').fill('brand-new-secret');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText(SECURITY_MSG.wrongPassword)).toBeVisible();
  await pw.getByLabel('Current password').fill(password);
  await expect(pw.getByRole('checkbox', { name: 'Also revoke API tokens' })).toBeChecked();
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Every other session was signed out and your API tokens were revoked.'),
  ).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const gone = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(gone.status()).toBe(401);
  const tokenGone = await page.request.get('/api/categories', { headers: { Authorization: `Bearer ${apiToken}` } });
  expect(tokenGone.status()).toBe(401);

  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(SECURITY_MSG.wrongPassword)).toBeVisible();
  await dialog.getByLabel('Password').fill('brand-new-secret');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();

  await signInWithPassword(page, email, 'brand-new-secret');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('Account & security: axe, phone width 390 px in dark mode', async ({ page }) => {
  await signUpViaApi(page);
  await openSecurity(page);
  const card = page.getByRole('region', { name: 'Personal API tokens' });
  await card.getByLabel('Token name').fill('Home server backup script');
  await card.getByRole('button', { name: 'Create token' }).click();
  await expect(card.getByTestId('new-token')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'account-light-desktop');

  await page.setViewportSize(PHONE_390);
  await setAppearance(page, 'dark');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  // What a phone shows, screen by screen (a full-page picture is too small to judge at 390 px).
  for (const name of ['Change password', 'Personal API tokens', 'Your data']) {
    await page
      .getByRole('region', { name })
      .evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/account-dark-phone-${name.replace(/\W+/g, '-')}.png` });
  }
  await page
    .getByRole('region', { name: 'Two-factor sign-in' })
    .getByRole('button', { name: 'Set up two-factor sign-in' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/account-2fa-dark-phone.png` });
});
