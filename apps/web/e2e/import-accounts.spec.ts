import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MATCH_MSG, formatDate, type Account, type ImportBatch, type Transaction } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { usd } from './dashboard-seed';
import { openTransactionsTab, summary, viewportScreenshot } from './transactions-helpers';

/*
 * Issue 21 "Done when": import matching in the browser, at desktop and phone width. A user with
 * the two accounts of household us-jordan-ellis (../shared/fixtures/transfers, read where it
 * lives, copied nowhere) imports the checking OFX and then the card CSV through the wizard: the
 * account picker, the blocked Import while no account is chosen (and the server's 409), the
 * balance check against the OFX's closing balance, the transfers linked, and income/expense on the
 * Transactions tab (the month) and the dashboard (all time) that leave the linked transfers out.
 * The expected figures come from the files themselves and EXPECTED.json, not from the app.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = process.env.TRANSFER_FIXTURES_DIR ?? join(repoRoot, '..', 'shared', 'fixtures', 'transfers');
const present = existsSync(join(DIR, 'EXPECTED.json'));
const HOUSEHOLD = 'us-jordan-ellis';

interface Ref {
  file: string;
  date: string;
  amount: string;
}
interface FileInfo {
  account: string;
  format: string;
  postings: number;
  income_count: number;
  income_sum: string;
  expense_count: number;
  expense_sum: string;
  closing_balance: string | null;
  closing_date: string;
  end_balance: string;
  encoding?: string;
  delimiter?: string;
  header_row?: number;
  date_format?: string;
  date_column?: string;
  decimal?: string;
  amount_column?: string | null;
  sign_flipped?: boolean | null;
}
interface Household {
  currency: string;
  period: { start: string; end: string };
  accounts: {
    key: string;
    name: string;
    kind: string;
    currency: string;
    institution: string;
    mask?: string;
    opening_balance: string;
    opening_date: string;
  }[];
  import_order: string[];
  files: Record<string, FileInfo>;
  transfers: { id: string; expect: string; out: Ref; in: Ref }[];
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

interface Posting {
  file: string;
  date: string;
  cents: number;
}

/** The postings of an OFX/QFX file: DTPOSTED's date and TRNAMT of each STMTTRN. */
function ofxPostings(file: string, text: string): Posting[] {
  return text
    .split(/<STMTTRN>/i)
    .slice(1)
    .map((block) => {
      const date = /<DTPOSTED>\s*(\d{4})(\d{2})(\d{2})/i.exec(block);
      const amount = /<TRNAMT>\s*([-+]?[\d.]+)/i.exec(block);
      if (!date || !amount) throw new Error(`${file}: a STMTTRN without DTPOSTED or TRNAMT`);
      return { file, date: `${date[1]}-${date[2]}-${date[3]}`, cents: cents(amount[1]!) };
    });
}

/** The postings of a plain CSV file (no quoted fields) read with the settings EXPECTED.json gives. */
function csvPostings(file: string, text: string, info: FileInfo): Posting[] {
  if (info.date_format !== 'MM/DD/YYYY' || info.decimal !== '.' || !info.amount_column) {
    throw new Error(`${file}: this test reads only MM/DD/YYYY dates and one signed amount column with a point`);
  }
  const lines = text.split(/\r?\n/);
  const header = lines[info.header_row ?? 0]!.split(info.delimiter ?? ',');
  const dateAt = header.indexOf(info.date_column!);
  const amountAt = header.indexOf(info.amount_column);
  return lines
    .slice((info.header_row ?? 0) + 1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      if (line.includes('"')) throw new Error(`${file}: quoted fields are not read by this test`);
      const cells = line.split(info.delimiter ?? ',');
      const [m, d, y] = cells[dateAt]!.split('/');
      const signed = cents(cells[amountAt]!);
      return { file, date: `${y}-${m}-${d}`, cents: info.sign_flipped ? -signed : signed };
    });
}

interface Totals {
  incomeCents: number;
  incomeCount: number;
  expenseCents: number;
  expenseCount: number;
}
function totals(postings: Posting[]): Totals {
  const income = postings.filter((p) => p.cents > 0);
  const expense = postings.filter((p) => p.cents < 0);
  return {
    incomeCents: income.reduce((s, p) => s + p.cents, 0),
    incomeCount: income.length,
    expenseCents: -expense.reduce((s, p) => s + p.cents, 0),
    expenseCount: expense.length,
  };
}

const household: Household | null = present
  ? (JSON.parse(readFileSync(join(DIR, 'EXPECTED.json'), 'utf8')) as { households: Record<string, Household> })
      .households[HOUSEHOLD]!
  : null;

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The system's colour scheme (the app follows it): an open dialog makes the page's own toggle inert. */
async function setAppearance(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/** Opens a tab from the desktop sidebar or, on a phone, the menu. */
async function openTab(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (await nav.isVisible()) {
    await nav.getByRole('button', { name }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Uploads a file in the wizard and answers the preview the server sent back. */
async function upload(page: Page, dialog: Locator, path: string): Promise<ImportBatch> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/imports$/.test(r.url()));
  await dialog.getByLabel('Statement file').setInputFiles(path);
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: ImportBatch }).data;
}

/** The settings fieldset is enabled again once the server has re-read the file. */
async function settled(dialog: Locator) {
  await expect(dialog.getByRole('group', { name: /^Detected settings/ })).toBeEnabled();
}

for (const { label, viewport } of [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const) {
  test(`${HOUSEHOLD}: checking OFX and card CSV into their accounts, balance check, transfers linked, income and expense without them (${label})`, async ({
    page,
  }) => {
    // The fixtures sit beside the repository (../shared), in CI too: without them this test fails, never skips.
    if (!household) throw new Error(`the fixture households are absent (${DIR})`);
    const h = household;
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const w = viewport.width;

    // ---- Expected figures, from the files and EXPECTED.json -------------------------------
    const files = h.import_order.filter((f) => ['checking', 'card'].includes(h.files[f]!.account));
    expect(files.map((f) => h.files[f]!.account)).toEqual(['checking', 'card']);
    const [checkingFile, cardFile] = files as [string, string];
    const pathOf = (file: string) => join(DIR, HOUSEHOLD, file);
    const postings = files.flatMap((file) => {
      const info = h.files[file]!;
      const text = readFileSync(pathOf(file), 'utf8');
      const read = info.format === 'ofx' ? ofxPostings(file, text) : csvPostings(file, text, info);
      // The reading here agrees with EXPECTED.json's own count and sums of the file.
      const t = totals(read);
      expect(read.length, file).toBe(info.postings);
      expect([t.incomeCount, t.incomeCents, t.expenseCount, -t.expenseCents], file).toEqual([
        info.income_count,
        cents(info.income_sum),
        info.expense_count,
        cents(info.expense_sum),
      ]);
      return read;
    });
    // The true transfers between the two imported accounts are linked; both legs leave income and expense.
    const linked = h.transfers.filter((t) => files.includes(t.out.file) && files.includes(t.in.file));
    expect(linked.every((t) => t.expect === 'auto')).toBe(true);
    const legs = linked.flatMap((t) => [t.out, t.in]);
    const isLeg = (p: Posting) =>
      legs.some((l) => l.file === p.file && l.date === p.date && cents(l.amount) === p.cents);
    const counted = postings.filter((p) => !isLeg(p));
    expect(counted.length).toBe(postings.length - 2 * linked.length);
    const allTime = totals(counted);
    const month = h.period.end.slice(0, 7);
    const inMonth = totals(counted.filter((p) => p.date.startsWith(month)));

    // ---- A user with the household's two accounts, opening balances included ----------------
    await signUpViaApi(page, { firstName: 'Jordan' });
    const settings = await api(page, 'GET', '/settings');
    const current = ((await settings.json()) as { data: Record<string, unknown> }).data;
    if (current.currency !== h.currency) {
      const put = await api(page, 'PUT', '/settings', { ...current, currency: h.currency });
      expect(put.status(), await put.text()).toBe(200);
    }
    const ids = new Map<string, string>();
    for (const key of ['checking', 'card']) {
      const a = h.accounts.find((x) => x.key === key)!;
      const res = await api(page, 'POST', '/accounts', {
        name: a.name,
        kind: a.kind,
        currency: a.currency,
        institution: a.institution,
        mask: a.mask ?? null,
        openingBalance: a.opening_balance,
        openingDate: a.opening_date,
        isDefault: key === 'checking',
      });
      expect(res.status(), await res.text()).toBe(201);
      ids.set(key, ((await res.json()) as { data: Account }).data.id);
    }
    // Registration's "Main account" goes: the user has exactly these two.
    const before = ((await (await api(page, 'GET', '/accounts')).json()) as { data: Account[] }).data;
    for (const a of before.filter((x) => ![...ids.values()].includes(x.id))) {
      const del = await api(page, 'DELETE', `/accounts/${a.id}`);
      expect(del.status(), await del.text()).toBe(204);
    }
    const accountName = (key: string) => h.accounts.find((a) => a.key === key)!.name;

    // ---- The checking OFX: the picker shows, nothing is chosen, Import is blocked -----------
    await openTransactionsTab(page);
    let dialog = await openImport(page);
    const preview = await upload(page, dialog, pathOf(checkingFile));
    expect(preview.accountId).toBeNull();
    expect(preview.needsReview).toContain('account');
    const info = h.files[checkingFile]!;
    const picker = dialog.getByTestId('import-account-picker');
    const account = picker.getByRole('combobox', { name: 'Account', exact: true });
    await expect(account).toBeVisible();
    await expect(account).toHaveValue('');
    await expect(account.locator('option:checked')).toHaveText('Choose an account');
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(picker.getByRole('alert')).toHaveText(MATCH_MSG.chooseAccount);
    await expect(account).toHaveAccessibleDescription(MATCH_MSG.chooseAccount);
    const importChecking = dialog.getByRole('button', { name: `Import ${info.postings} transactions` });
    await expect(importChecking).toBeDisabled();
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      new RegExp(`^${info.postings} new, 0 duplicates, 0 errors`),
    );

    // The server refuses the same commit (409, with the sentence) and writes nothing.
    const refused = await api(page, 'POST', `/imports/${preview.id}/commit`);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(MATCH_MSG.chooseAccount);
    const still = await api(page, 'GET', `/imports/${preview.id}`);
    expect(((await still.json()) as { data: ImportBatch }).data.status).toBe('preview');
    const none = await api(page, 'GET', `/transactions?accountId=${ids.get('checking')}&limit=500`);
    expect(((await none.json()) as { data: Transaction[] }).data.filter((t) => t.kind !== 'opening')).toEqual([]);

    for (const theme of ['light', 'dark'] as const) {
      await setAppearance(page, theme);
      await picker.scrollIntoViewIfNeeded();
      await viewportScreenshot(page, `import-accounts-picker-blocked-${w}-${theme}`);
      await expectNoSeriousA11yViolations(page);
    }
    await setAppearance(page, 'light');

    // Pick the checking account: the sentence goes and Import is allowed.
    await account.selectOption({ label: accountName('checking') });
    await expect(account).toHaveValue(ids.get('checking')!);
    await expect(picker.getByRole('alert')).toHaveCount(0);
    await expect(account).toHaveAttribute('aria-invalid', 'false');
    await expect(importChecking).toBeEnabled();
    await expect(account.locator('option')).toHaveText([accountName('checking'), accountName('card')]);
    for (const theme of ['light', 'dark'] as const) {
      await setAppearance(page, theme);
      await viewportScreenshot(page, `import-accounts-picker-chosen-${w}-${theme}`);
    }
    await setAppearance(page, 'light');

    await importChecking.click();
    await expect(dialog.getByRole('status')).toHaveText(`Imported ${info.postings} transactions.`);
    const outcome = dialog.getByTestId('import-outcome');
    await expect(outcome).toHaveText(
      `Matches your bank's closing balance of ${usd(cents(info.closing_balance!))} on ${formatDate(info.closing_date)}`,
    );
    for (const theme of ['light', 'dark'] as const) {
      await setAppearance(page, theme);
      await viewportScreenshot(page, `import-accounts-summary-checking-${w}-${theme}`);
      await expectNoSeriousA11yViolations(page);
    }
    await setAppearance(page, 'light');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // ---- The card CSV, with EXPECTED.json's CSV settings set through the wizard's controls ----
    const card = h.files[cardFile]!;
    dialog = await openImport(page);
    const cardPreview = await upload(page, dialog, pathOf(cardFile));
    expect(cardPreview.accountId).toBeNull();
    await expect(dialog.getByTestId('import-account-picker').getByRole('alert')).toHaveText(MATCH_MSG.chooseAccount);
    const cardAccount = dialog
      .getByTestId('import-account-picker')
      .getByRole('combobox', { name: 'Account', exact: true });
    await cardAccount.selectOption({ label: accountName('card') });
    await expect(cardAccount).toHaveValue(ids.get('card')!);
    await settled(dialog);

    await dialog.getByLabel('Encoding').selectOption(card.encoding ?? 'utf-8');
    await settled(dialog);
    const text = async (name: string, value: string) => {
      const field = dialog.getByLabel(name, { exact: true });
      await field.fill(value);
      await field.blur();
      await settled(dialog);
      await expect(dialog.getByLabel(name, { exact: true })).toHaveValue(value);
    };
    await text('Delimiter', card.delimiter!);
    await text('Header row', String(card.header_row));
    await text('Date format', card.date_format!);
    const choose = async (name: string, value: string) => {
      await dialog.getByLabel(name, { exact: true }).selectOption(value);
      await settled(dialog);
      await expect(dialog.getByLabel(name, { exact: true })).toHaveValue(value);
    };
    await choose('Decimal mark', card.decimal!);
    await choose('Date column', card.date_column!);
    await choose('Amount column', card.amount_column!);
    const invert = dialog.getByLabel(/^Invert sign/);
    if ((await invert.isChecked()) !== Boolean(card.sign_flipped)) {
      await invert.setChecked(Boolean(card.sign_flipped));
      await settled(dialog);
    }
    await expect(invert).toBeChecked({ checked: Boolean(card.sign_flipped) });
    // The settings kept the account.
    await expect(cardAccount).toHaveValue(ids.get('card')!);
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      new RegExp(`^${card.postings} new, 0 duplicates, 0 errors`),
    );
    // The preview's rows carry the file's dates (Transaction Date, not Post Date).
    const cardDates = postings.filter((p) => p.file === cardFile).map((p) => p.date);
    const latest = cardDates.reduce((a, b) => (a > b ? a : b));
    await expect(dialog.getByText(formatDate(latest)).first()).toBeVisible();
    const read = await api(page, 'GET', `/imports/${cardPreview.id}?limit=100`);
    const rows = ((await read.json()) as { data: ImportBatch }).data.rows ?? [];
    expect(rows.map((r) => `${r.date} ${Math.round((r.amount ?? NaN) * 100)}`).sort()).toEqual(
      postings
        .filter((p) => p.file === cardFile)
        .map((p) => `${p.date} ${p.cents}`)
        .sort(),
    );

    await dialog.getByRole('button', { name: `Import ${card.postings} transactions` }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Imported ${card.postings} transactions.`);
    // No closing balance in this file, so no balance check; the card payments are linked.
    await expect(dialog.getByTestId('import-outcome')).toHaveText(
      `${linked.length} transfers linked, 0 possible transfers to review`,
    );
    for (const theme of ['light', 'dark'] as const) {
      await setAppearance(page, theme);
      await viewportScreenshot(page, `import-accounts-summary-card-${w}-${theme}`);
      await expectNoSeriousA11yViolations(page);
    }
    await setAppearance(page, 'light');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The linked pairs are exactly EXPECTED.json's, each account ends at the bank's balance.
    const cardRows = (
      (await (await api(page, 'GET', `/transactions?accountId=${ids.get('card')}&limit=500`)).json()) as {
        data: Transaction[];
      }
    ).data;
    const linkedIn = cardRows.filter((t) => t.transferId).map((t) => [t.date, t.transferAccountId]);
    expect(linkedIn.sort()).toEqual(linked.map((t) => [t.in.date, ids.get('checking')]).sort());
    const accounts = ((await (await api(page, 'GET', '/accounts')).json()) as { data: Account[] }).data;
    const balanceOf = (key: string) => accounts.find((a) => a.id === ids.get(key))!.balance;
    expect(Math.round(balanceOf('checking') * 100)).toBe(cents(h.files[checkingFile]!.end_balance));
    expect(Math.round(balanceOf('card') * 100)).toBe(cents(card.end_balance));

    // ---- The same OFX again: the account is recognised, every row a duplicate -----------------
    dialog = await openImport(page);
    await upload(page, dialog, pathOf(checkingFile));
    const again = dialog.getByTestId('import-account-picker').getByRole('combobox', { name: 'Account', exact: true });
    await expect(again).toHaveValue(ids.get('checking')!);
    await expect(again.locator('option:checked')).toHaveText(`${accountName('checking')} (recognised from the file)`);
    await expect(dialog.getByTestId('import-account-picker').getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      new RegExp(`^0 new, ${info.postings} duplicates, 0 errors`),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // ---- Income and expense leave the linked transfers out ------------------------------------
    // The month on the Transactions tab.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const more = page.getByRole('button', { name: /^More filters/ });
    if (await more.isVisible()) await more.click();
    await page.getByLabel('Start date').fill(`${month}-01`);
    await page.getByLabel('End date').fill(lastDay);
    await expect(summary(page, 'Total Income')).toContainText(usd(inMonth.incomeCents));
    await expect(summary(page, 'Total Expenses')).toContainText(usd(inMonth.expenseCents));

    // The dashboard (its periods end today, so: all time, which holds just these two statements).
    await openTab(page, 'Dashboard');
    await page.getByRole('button', { name: 'All Time' }).click();
    await expect(page.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    const plural = (n: number) => `${n} ${n === 1 ? 'transaction' : 'transactions'}`;
    await expect(summary(page, 'Total Income')).toContainText(usd(allTime.incomeCents));
    await expect(summary(page, 'Total Income')).toContainText(plural(allTime.incomeCount));
    await expect(summary(page, 'Total Expenses')).toContainText(usd(allTime.expenseCents));
    await expect(summary(page, 'Total Expenses')).toContainText(plural(allTime.expenseCount));
  });
}
