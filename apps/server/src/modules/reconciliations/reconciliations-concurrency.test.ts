import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@ledgerly/shared';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { TEST_PG_URL } from '../../../test/test-db.js';
import { defaultAccountId, rowsOf } from '../../../test/transfer-helpers.js';
import { ledgerWriter } from '../ledger/index.js';

/*
 * Finishing and reopening a reconciliation while the same rows are edited (code review of issue
 * 21): finish took the user's ledger lock and then the rows' locks, an edit the row's lock and
 * then (in the rollup trigger) the ledger lock — a deadlock that PostgreSQL broke with a 500.
 * Meaningful on PostgreSQL (PGlite runs one transaction at a time); a bounded number of rounds.
 */

const t = useTestApp();
// The race needs PostgreSQL's concurrency; on PGlite a smaller run checks the same answers.
const ROWS = TEST_PG_URL ? 1500 : 300;
const ROUNDS = TEST_PG_URL ? 6 : 3;

describe('reconciliation finish and reopen beside edits of its rows', () => {
  it('never answers a 500 (no deadlock); every answer is a success or a 409 sentence', async () => {
    const { token, user } = await registerUser(t);
    const account = await defaultAccountId(t, user.id);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const statementDate = addDays(todayIn('UTC'), -10);
    await ledgerWriter.insertRows(
      t.db.db,
      Array.from({ length: ROWS }, (_, i) => ({
        userId: user.id,
        accountId: account,
        categoryId: food.id,
        type: 'expense' as const,
        amountCents: 100 + (i % 7),
        date: addDays(statementDate, -(i % 60)),
        status: 'cleared' as const,
        description: `Row ${i}`,
      })),
    );
    const rows = (await rowsOf(t, user.id)).sort((a, b) => a.id.localeCompare(b.id));
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = await t.request({
        method: 'POST',
        url: `/api/accounts/${account}/reconciliations`,
        token,
        payload: { statementDate, statementBalance: 0 },
      });
      expect(started.statusCode, started.body).toBe(201);
      const rec = started.json<{ data: Reconciliation }>().data;
      const picked = rows.slice(round * 8, round * 8 + 8);
      const toggle = (id: string, status: string) =>
        t.request({ method: 'PUT', url: `/api/transactions/${id}/status`, token, payload: { status } });
      const answers = await Promise.all([
        ...picked.slice(0, 4).map((r) => toggle(r.id, 'uncleared')),
        t.request({ method: 'POST', url: `/api/reconciliations/${rec.id}/finish`, token, payload: { adjust: true } }),
        ...picked.slice(4).map((r) =>
          t.request({
            method: 'PUT',
            url: `/api/transactions/${r.id}`,
            token,
            payload: { categoryId: food.id, type: 'expense', amount: 2, date: r.date, description: 'Edited' },
          }),
        ),
      ]);
      for (const res of answers) {
        statuses.push(res.statusCode);
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json<{ message: string }>().message).toMatch(/^[A-Z].+/);
      }
      // Finished with an adjustment whatever the edits did first. Reopen (concurrently with more toggles) so the next round starts from cleared rows again.
      const again = await Promise.all([
        t.request({ method: 'POST', url: `/api/reconciliations/${rec.id}/reopen`, token }),
        ...picked.slice(0, 4).map((r) => toggle(r.id, 'cleared')),
      ]);
      for (const res of again) {
        statuses.push(res.statusCode);
        expect([200, 409], res.body).toContain(res.statusCode);
      }
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  });

  it('two starts at once leave one open reconciliation per account (the later restates it)', async () => {
    const { token, user } = await registerUser(t);
    const account = await defaultAccountId(t, user.id);
    for (let round = 0; round < 5; round++) {
      const starts = await Promise.all(
        [10, 20, 30].map((n) =>
          t.request({
            method: 'POST',
            url: `/api/accounts/${account}/reconciliations`,
            token,
            payload: { statementDate: addDays(todayIn('UTC'), -n), statementBalance: n },
          }),
        ),
      );
      for (const res of starts) expect(res.statusCode, res.body).toBe(201);
      const listed = (await t.request({ method: 'GET', url: `/api/accounts/${account}/reconciliations`, token })).json<{
        data: Reconciliation[];
      }>().data;
      const open = listed.filter((r) => r.state === 'open');
      expect(open).toHaveLength(1);
      expect(new Set(starts.map((r) => r.json<{ data: Reconciliation }>().data.id))).toEqual(new Set([open[0]!.id]));
      // Finished, so the next round starts from none open again.
      const done = await t.request({
        method: 'POST',
        url: `/api/reconciliations/${open[0]!.id}/finish`,
        token,
        payload: { adjust: true },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
  });
});
