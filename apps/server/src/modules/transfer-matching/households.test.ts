import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountKind, ImportBatch, Transaction, TransferSuggestion } from '@ledgerly/shared';
import { registerUser, useTestApp, type TestApp } from '../../../test/build-test-app.js';
import { seedAccount } from '../../../test/factories.js';
import { commit, upload } from '../../../test/imports-helpers.js';

/*
 * THE household check (DESIGN §10; ../shared/fixtures/transfers/README.md): four households of two
 * or three accounts in real bank formats, imported over HTTP in their import order with transfer
 * matching after each import, against the truth in EXPECTED.json. The files are read where they
 * live (TRANSFER_FIXTURES_DIR, by default ../shared/fixtures/transfers next to the repository);
 * none is copied into the project.
 */

const repoRoot = resolve(import.meta.dirname, '../../../../..');
const dir = process.env.TRANSFER_FIXTURES_DIR ?? join(repoRoot, '..', 'shared', 'fixtures', 'transfers');
const present = existsSync(join(dir, 'EXPECTED.json'));

interface Ref {
  file: string;
  date: string;
  amount: string;
}
interface Pair {
  id: string;
  expect: 'auto' | 'suggest' | 'either' | 'reject' | 'never';
  out?: Ref;
  in?: Ref;
  a?: Ref;
  b?: Ref;
}
interface FileInfo {
  account: string;
  format: string;
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
  amount_columns?: string | null;
  sign_flipped?: boolean | null;
  date_order?: string;
}
interface Household {
  currency: string;
  period: { start: string; end: string };
  accounts: {
    key: string;
    name: string;
    kind: AccountKind;
    currency: string;
    institution: string;
    mask?: string;
    opening_balance: string;
    opening_date: string;
  }[];
  import_order: string[];
  files: Record<string, FileInfo>;
  transfers: Pair[];
  not_transfers: Pair[];
  lone_legs: { row: Ref }[];
  truth: { income: string; expense: string };
  revert: { file: string; unlinks: string[]; stay_linked: string[] };
}

const households: [string, Household][] = present
  ? Object.entries(
      (JSON.parse(readFileSync(join(dir, 'EXPECTED.json'), 'utf8')) as { households: Record<string, Household> })
        .households,
    )
  : [];

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The import options EXPECTED.json gives for a file (CSV settings, QIF date order). */
function optionsFor(info: FileInfo, accountId: string): Record<string, unknown> {
  const options: Record<string, unknown> = { accountId };
  if (info.format === 'qif' && info.date_order === 'dmy') options.dateFormat = 'DD/MM/YYYY';
  if (info.format !== 'csv') return options;
  if (info.encoding) options.encoding = info.encoding === 'latin-1' ? 'iso-8859-1' : info.encoding;
  if (info.date_format) options.dateFormat = info.date_format;
  if (info.sign_flipped) options.invertSign = true;
  const columns: Record<string, unknown> = {};
  if (info.date_column) columns.date = info.date_column;
  if (info.amount_column) columns.amount = info.amount_column;
  if (info.amount_columns) {
    const [credit, debit] = info.amount_columns.split(' - ');
    columns.credit = credit;
    columns.debit = debit;
  }
  options.csv = {
    delimiter: info.delimiter,
    headerRow: info.header_row,
    decimalSeparator: info.decimal,
    columns,
  };
  return options;
}

async function rowsOf(t: TestApp, token: string, accountId: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?accountId=${accountId}&limit=500`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

async function suggestionsOf(t: TestApp, token: string): Promise<TransferSuggestion[]> {
  const res = await t.request({ method: 'GET', url: '/api/transfers/suggestions', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TransferSuggestion[] }>().data;
}

describe.skipIf(!present)('households of several accounts: imports, balance checks and transfer matching', () => {
  const t = useTestApp();

  for (const [key, h] of households) {
    it(`${key}: links the unique transfers, offers the ties, leaves the rest, and reverts cleanly`, async () => {
      const { token, user } = await registerUser(t);
      const settings = await t.request({ method: 'GET', url: '/api/settings', token });
      const put = await t.request({
        method: 'PUT',
        url: '/api/settings',
        token,
        payload: { ...settings.json<{ data: Record<string, unknown> }>().data, currency: h.currency },
      });
      expect(put.statusCode, put.body).toBe(200);

      const accountIds = new Map<string, string>();
      for (const a of h.accounts) {
        accountIds.set(
          a.key,
          await seedAccount(t, user.id, {
            name: a.name,
            kind: a.kind,
            currency: a.currency,
            openingCents: cents(a.opening_balance),
            openingDate: a.opening_date,
            mask: a.mask ?? null,
            institution: a.institution,
          }),
        );
      }
      const accountOfFile = (file: string) => accountIds.get(h.files[file]!.account)!;

      // Import in order; matching runs after each commit.
      const batches = new Map<string, ImportBatch>();
      for (const file of h.import_order) {
        const info = h.files[file]!;
        const bytes = readFileSync(join(dir, key, file));
        const res = await upload(t, token, bytes, optionsFor(info, accountOfFile(file)), file);
        expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
        const preview = res.json<{ data: ImportBatch }>().data;
        expect(preview.accountId, file).toBe(accountOfFile(file));
        expect(preview.needsReview, file).toEqual([]);
        expect(preview.summary.errors, file).toBe(0);
        const done = await commit(t, token, preview.id);
        expect(done.status, file).toBe('committed');
        expect(done.transfers, file).toBeDefined();
        if (info.closing_balance !== null) {
          expect(done.balanceCheck, file).toMatchObject({
            statementBalance: Number(info.closing_balance),
            ledgerBalance: Number(info.closing_balance),
            matches: true,
          });
          // A balance line without a date holds for the latest posting ("Account Balance:").
          expect([info.closing_date, preview.summary.latest], file).toContain(done.balanceCheck!.date);
        } else {
          expect(done.balanceCheck, file).toBeNull();
        }
        batches.set(file, done);
      }

      // Every posting named in EXPECTED.json, found by (account, date, signed amount).
      const rows = new Map<string, Transaction[]>();
      for (const [k, id] of accountIds) rows.set(k, await rowsOf(t, token, id));
      const find = async (ref: Ref, fresh = false) => {
        const account = h.files[ref.file]!.account;
        if (fresh) rows.set(account, await rowsOf(t, token, accountIds.get(account)!));
        const signed = cents(ref.amount);
        const found = rows
          .get(account)!
          .filter(
            (r) =>
              r.kind !== 'opening' &&
              r.date === ref.date &&
              Math.round(r.amount * 100) * (r.type === 'income' ? 1 : -1) === signed,
          );
        expect(found, `${ref.file} ${ref.date} ${ref.amount}`).toHaveLength(1);
        return found[0]!;
      };

      const suggestions = await suggestionsOf(t, token);
      const offered = new Set(suggestions.map((s) => `${s.outTransactionId}|${s.inTransactionId}`));
      const allowed = new Set<string>();

      for (const p of h.transfers) {
        const out = await find(p.out!);
        const inn = await find(p.in!);
        const pair = `${out.id}|${inn.id}`;
        if (p.expect === 'auto') {
          expect(out.transferId, `${p.id} linked`).not.toBeNull();
          expect(out.transferId, `${p.id} linked together`).toBe(inn.transferId);
          expect(out.kind).toBe('transfer');
        } else if (p.expect === 'suggest') {
          expect(out.transferId, `${p.id} not linked`).toBeNull();
          expect(inn.transferId, `${p.id} not linked`).toBeNull();
          expect(offered.has(pair), `${p.id} offered`).toBe(true);
          allowed.add(pair);
        } else {
          // either: linked to its same-day partner, or offered (never linked across days).
          if (out.transferId !== null) expect(inn.transferId, `${p.id} linked same day`).toBe(out.transferId);
          else expect(offered.has(pair), `${p.id} offered`).toBe(true);
          allowed.add(pair);
        }
      }
      // Either groups may also be offered across days, as the possible transfers they are.
      const eitherLegs = new Set<string>();
      for (const p of h.transfers.filter((x) => x.expect === 'either')) {
        eitherLegs.add((await find(p.out!)).id);
        eitherLegs.add((await find(p.in!)).id);
      }
      const trueLegs = new Set<string>();
      for (const p of h.transfers) for (const ref of [p.out!, p.in!]) trueLegs.add((await find(ref)).id);
      for (const p of h.not_transfers) {
        if (p.expect === 'reject') {
          const out = await find(p.out!);
          const inn = await find(p.in!);
          expect(out.transferId, `${p.id} not linked`).toBeNull();
          expect(inn.transferId, `${p.id} not linked`).toBeNull();
          expect(offered.has(`${out.id}|${inn.id}`), `${p.id} offered`).toBe(true);
          allowed.add(`${out.id}|${inn.id}`);
        } else {
          // Never linked together; a leg that is no true transfer's leg stays an ordinary row.
          const [a, b] = [await find(p.out ?? p.a!), await find(p.in ?? p.b!)];
          if (a.transferId !== null) expect(b.transferId, `${p.id} never linked`).not.toBe(a.transferId);
          for (const row of [a, b]) {
            if (trueLegs.has(row.id)) continue;
            expect(row.transferId, `${p.id} never linked`).toBeNull();
            expect(row.kind).toBe('regular');
          }
        }
      }
      for (const lone of h.lone_legs) {
        const row = await find(lone.row);
        expect(row.kind, 'lone leg').toBe('regular');
        expect(row.categoryId).not.toBeNull();
      }
      // Nothing else is offered.
      for (const s of suggestions) {
        const pair = `${s.outTransactionId}|${s.inTransactionId}`;
        const acrossEither = eitherLegs.has(s.outTransactionId) && eitherLegs.has(s.inTransactionId);
        expect(
          allowed.has(pair) || acrossEither,
          `unexpected suggestion ${s.outTransaction.description} → ${s.inTransaction.description}`,
        ).toBe(true);
      }

      // The user rejects the false candidates, then links the offered true pairs.
      for (const p of h.not_transfers.filter((x) => x.expect === 'reject')) {
        const res = await t.request({
          method: 'POST',
          url: '/api/transfers/suggestions/reject',
          token,
          payload: { outTransactionId: (await find(p.out!)).id, inTransactionId: (await find(p.in!)).id },
        });
        expect(res.statusCode, res.body).toBe(204);
      }
      for (const p of h.transfers.filter((x) => x.expect !== 'auto')) {
        const out = await find(p.out!, true);
        const inn = await find(p.in!, true);
        if (out.transferId) continue;
        const res = await t.request({
          method: 'POST',
          url: '/api/transfers/link',
          token,
          payload: { outTransactionId: out.id, inTransactionId: inn.id },
        });
        expect(res.statusCode, `${p.id}: ${res.body}`).toBe(201);
        const transfer = res.json<{ data: { fromAccountId: string; toAccountId: string; amount: number } }>().data;
        expect(transfer).toMatchObject({
          fromAccountId: accountOfFile(p.out!.file),
          toAccountId: accountOfFile(p.in!.file),
          amount: -Number(p.out!.amount),
        });
      }
      expect(await suggestionsOf(t, token)).toEqual([]);

      // Income and expense are the truth; every account ends at its end balance.
      const summary = await t.request({
        method: 'GET',
        url: `/api/transactions/summary?startDate=${h.period.start}&endDate=${h.period.end}`,
        token,
      });
      expect(summary.statusCode, summary.body).toBe(200);
      const totals = summary.json<{ data: { totalIncome: number; totalExpense: number } }>().data;
      expect(totals.totalIncome).toBeCloseTo(Number(h.truth.income), 2);
      expect(totals.totalExpense).toBeCloseTo(Number(h.truth.expense), 2);
      for (const [file, info] of Object.entries(h.files)) {
        const all = await rowsOf(t, token, accountOfFile(file));
        const balance = all.reduce((sum, r) => sum + Math.round(r.amount * 100) * (r.type === 'income' ? 1 : -1), 0);
        expect(balance, `${file} end balance`).toBe(cents(info.end_balance));
      }

      // Reverting one file's import unlinks exactly its transfers.
      const revertedFile = h.revert.file;
      const res = await t.request({
        method: 'POST',
        url: `/api/imports/${batches.get(revertedFile)!.id}/revert`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const all = [...h.transfers];
      for (const id of h.revert.unlinks) {
        const p = all.find((x) => x.id === id)!;
        const kept = p.out!.file === revertedFile ? p.in! : p.out!;
        const row = await find(kept, true);
        expect(row.transferId, `${id} unlinked`).toBeNull();
        expect(row.kind).toBe('regular');
        expect(row.categoryId, `${id} has a category again`).not.toBeNull();
      }
      for (const id of h.revert.stay_linked) {
        const p = all.find((x) => x.id === id)!;
        const out = await find(p.out!, true);
        expect(out.transferId, `${id} stays linked`).not.toBeNull();
      }
    });
  }
});
