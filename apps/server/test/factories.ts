import type { Account, BudgetStatusItem, Category, Transaction } from '@ledgerly/shared';
import { addDays, todayIn } from '@ledgerly/shared';
import { expect } from 'vitest';
import { ledgerWriter } from '../src/modules/ledger/index.js';
import type { TestApp } from './build-test-app.js';
import { type FilePart, multipart } from './multipart.js';

/** Creates a category over HTTP. */
export async function createCategory(
  t: TestApp,
  token: string,
  overrides: Partial<{ name: string; type: 'expense' | 'income'; color: string; icon: string }> = {},
): Promise<Category> {
  const res = await t.request({
    method: 'POST',
    url: '/api/categories',
    token,
    payload: { name: `Cat ${Math.random().toString(36).slice(2, 8)}`, type: 'expense', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Category }>().data;
}

/** Creates a budget over HTTP and answers its status. */
export async function createBudget(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<BudgetStatusItem> {
  const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BudgetStatusItem }>().data;
}

export interface TxSeed {
  userId: string;
  /** Null only on a row that is no income or expense (a transfer leg, an opening or adjustment row). */
  categoryId: string | null;
  type: 'expense' | 'income';
  amountCents: number;
  date: string;
  description?: string | null;
  /** The default account when absent. */
  accountId?: string;
  kind?: 'regular' | 'transfer' | 'opening' | 'adjustment';
  id?: string;
}

/** Inserts many transactions through the ledger's bulk insert (large data sets for sums and paging). */
export async function seedTransactions(t: TestApp, rows: TxSeed[]): Promise<void> {
  await ledgerWriter.insertRows(t.db.db, rows);
}

export interface TransactionFields {
  categoryId: string;
  /** The account (the default one when absent). */
  accountId?: string;
  type?: 'expense' | 'income';
  /** Major units, as the API takes them: a number, or the text a form field carries ('9.50'). */
  amount?: number | string;
  description?: string;
  /** YYYY-MM-DD; by default yesterday in UTC, which is in no time zone's future. */
  date?: string;
  /** A receipt file: the body is then multipart/form-data, as the form sends it with a photo. */
  receipt?: FilePart;
  /** Sends multipart/form-data even without a receipt (the form's own encoding); JSON otherwise. */
  multipart?: boolean;
}

/**
 * Creates a transaction over HTTP (the form's body: JSON, or multipart with a receipt) and
 * answers it. Only the category is required; the rest defaults to a 10.00 expense dated
 * yesterday. Its category must have its type. Bodies meant to be refused are built by hand.
 */
export async function createTransaction(t: TestApp, token: string, fields: TransactionFields): Promise<Transaction> {
  const { receipt, multipart: asForm, ...rest } = fields;
  const payload = { type: 'expense', amount: 10, date: addDays(todayIn('UTC'), -1), ...rest };
  let body: { payload: object } | ReturnType<typeof multipart> = { payload };
  if (receipt || asForm) {
    const text: Record<string, string | number> = {};
    // Left out like JSON leaves out an undefined field, rather than sent as the text "undefined".
    const entries: [string, string | number | undefined][] = Object.entries(payload);
    for (const [name, value] of entries) if (value !== undefined) text[name] = value;
    body = multipart(text, receipt ? [receipt] : []);
  }
  const res = await t.request({ method: 'POST', url: '/api/transactions', token, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Transaction }>().data;
}

/** Creates a transaction with a receipt, as createTransaction does, and checks it has both receipt URLs. */
export async function createTransactionWithReceipt(
  t: TestApp,
  token: string,
  fields: TransactionFields & { receipt: FilePart },
): Promise<Transaction & { receiptUrl: string; receiptThumbUrl: string }> {
  const tx = await createTransaction(t, token, fields);
  const { receiptUrl, receiptThumbUrl } = tx;
  if (!receiptUrl || !receiptThumbUrl) throw new Error(`created without receipt URLs: ${JSON.stringify(tx)}`);
  return { ...tx, receiptUrl, receiptThumbUrl };
}

/** Creates a money account over HTTP (POST /api/accounts) and answers it. */
export async function createAccount(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> & { name?: string; kind?: string } = {},
): Promise<Account> {
  const payload = { name: `Account ${Math.random().toString(36).slice(2, 8)}`, kind: 'checking', ...fields };
  const res = await t.request({ method: 'POST', url: '/api/accounts', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Account }>().data;
}
