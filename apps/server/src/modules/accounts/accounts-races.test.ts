import { describe, expect, it } from 'vitest';
import type { Account } from '@ledgerly/shared';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory } from '../../../test/factories.js';

/*
 * Concurrent writes on accounts (code review of issue 21): two accounts made the default at
 * once, and a transaction added while its account is being deleted. Meaningful on PostgreSQL
 * (PGlite runs one database transaction at a time); a bounded number of rounds.
 */

const t = useTestApp();

describe('accounts under concurrent writes', () => {
  it('two accounts made the default at once: one wins, the other hears a sentence about the default', async () => {
    const { token } = await registerUser(t);
    for (let round = 0; round < 6; round++) {
      const a = await createAccount(t, token, { kind: 'savings' });
      const b = await createAccount(t, token, { kind: 'savings' });
      const answers = await Promise.all(
        [a, b].map((x) =>
          t.request({ method: 'PUT', url: `/api/accounts/${x.id}`, token, payload: { isDefault: true } }),
        ),
      );
      for (const res of answers) {
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.defaultMoved);
      }
      const all = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
      expect(all.filter((x) => x.isDefault)).toHaveLength(1);
    }
  });

  it('a transaction added while its account is deleted: a 409 sentence or a 201, never a 500', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    for (let round = 0; round < 6; round++) {
      const account = await createAccount(t, token, { kind: 'cash' });
      const [added, deleted] = await Promise.all([
        t.request({
          method: 'POST',
          url: '/api/transactions',
          token,
          payload: { categoryId: food.id, accountId: account.id, type: 'expense', amount: 3, date: '2026-10-01' },
        }),
        t.request({ method: 'DELETE', url: `/api/accounts/${account.id}`, token }),
      ]);
      expect([201, 404, 409], added.body).toContain(added.statusCode);
      expect([204, 409], deleted.body).toContain(deleted.statusCode);
      if (deleted.statusCode === 409) expect(deleted.json<{ message: string }>().message).toBe(ACCOUNT_MSG.hasRows);
      // Both cannot have succeeded: the row would have lost its account.
      expect(added.statusCode === 201 && deleted.statusCode === 204).toBe(false);
    }
  });
});
