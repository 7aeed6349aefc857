import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportBatch } from '@ledgerly/shared';
import { registerUser, type TestApp, useTestApp } from '../../../test/build-test-app.js';
import { allTransactions, commit, getBatch, upload } from '../../../test/imports-helpers.js';

/*
 * The statement's currency against the account's (DESIGN §12, issue 23), with the real files of
 * the import corpus (IMPORT_CORPUS_DIR, outside the repository, as the corpus check reads them):
 * a CAD OFX, a EUR CAMT.053 and an HUF CSV each import into an account of their currency, and
 * into an account of another currency they are refused with a sentence naming both.
 */
const dir = process.env.IMPORT_CORPUS_DIR ?? '';
const files = [
  { file: 'ofxparse__bank_medium.ofx', currency: 'CAD' },
  { file: 'OCA-bank-statement-import__test-camt053', currency: 'EUR' },
  { file: 'bank2ynab__W80844_EBH_201945.202122.csv', currency: 'HUF' },
] as const;
const present = dir !== '' && files.every((f) => existsSync(join(dir, f.file)));
const expected = present
  ? (JSON.parse(readFileSync(join(dir, 'EXPECTED.json'), 'utf8')) as {
      files: Record<string, { transactions: number; sum: string }>;
    })
  : null;

async function createAccount(t: TestApp, token: string, name: string, currency: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/accounts',
    token,
    payload: { name, kind: 'checking', currency },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

const put = (t: TestApp, token: string, id: string, body: object) =>
  t.request({ method: 'PUT', url: `/api/imports/${id}`, token, payload: body });

describe.skipIf(!present)('import: the statement currency must be the account currency (corpus files)', () => {
  const t = useTestApp();

  for (const { file, currency } of files) {
    it(`${currency} (${file}): refused into a USD account with the sentence, imported into a ${currency} account`, async () => {
      const { token } = await registerUser(t);
      const bytes = readFileSync(join(dir, file));
      const usd = await createAccount(t, token, 'Dollars', 'USD');
      const mine = await createAccount(t, token, `Account in ${currency}`, currency);

      // Into the USD account: needs review, the sentence, and the account of that currency offered.
      const res = await upload(t, token, bytes, { accountId: usd }, file);
      expect(res.statusCode, res.body).toBe(201);
      const batch = res.json<{ data: ImportBatch }>().data;
      const sentence = IMPORT_MSG.currencyMismatch(currency, 'Dollars', 'USD');
      expect(batch.needsReview).toContain('currency');
      expect(batch.currency).toEqual({
        statement: currency,
        account: 'USD',
        matches: false,
        message: sentence,
        accounts: [{ id: mine, name: `Account in ${currency}` }],
      });
      const refused = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(sentence);
      expect((await getBatch(t, token, batch.id)).status).toBe('preview');
      expect((await allTransactions(t, token)).meta.total).toBe(0);

      // The account of its currency chosen: it matches and imports every posting.
      const chosen = await put(t, token, batch.id, { options: { ...batch.options, accountId: mine } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const ready = chosen.json<{ data: ImportBatch }>().data;
      expect(ready.needsReview).not.toContain('currency');
      expect(ready.currency).toMatchObject({ statement: currency, account: currency, matches: true, message: null });
      const done = await commit(t, token, batch.id);
      expect(done.status).toBe('committed');
      const rows = await allTransactions(t, token);
      const want = expected!.files[file]!;
      expect(rows.meta.total).toBe(want.transactions);
      const signed = rows.data.reduce((s, r) => s + Math.round(r.amount * 100) * (r.type === 'expense' ? -1 : 1), 0);
      expect(signed).toBe(Math.round(Number(want.sum) * 100));
    });
  }

  it('a statement of a currency the user has no account in offers none; the commit is refused until one exists', async () => {
    const { token } = await registerUser(t);
    await createAccount(t, token, 'Euros', 'EUR');
    const bytes = readFileSync(join(dir, files[0].file));
    const res = await upload(t, token, bytes, undefined, files[0].file);
    const batch = res.json<{ data: ImportBatch }>().data;
    // Two accounts and a file never seen: no account is chosen yet, nothing is refused yet.
    expect(batch.accountId).toBeNull();
    expect(batch.currency).toMatchObject({ statement: 'CAD', account: null, matches: true, accounts: [] });
    const euros = (await t.request({ method: 'GET', url: '/api/accounts', token }))
      .json<{ data: { id: string; currency: string }[] }>()
      .data.find((a) => a.currency === 'EUR')!.id;
    const wrong = await put(t, token, batch.id, { options: { ...batch.options, accountId: euros } });
    expect(wrong.json<{ data: ImportBatch }>().data.currency).toMatchObject({ matches: false, accounts: [] });
    const refused = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(IMPORT_MSG.currencyMismatch('CAD', 'Euros', 'EUR'));
    expect((await allTransactions(t, token)).meta.total).toBe(0);
  });
});
