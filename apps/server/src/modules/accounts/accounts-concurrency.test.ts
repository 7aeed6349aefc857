import { describe, expect, it } from 'vitest';
import type { Account } from '@ledgerly/shared';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount } from '../../../test/factories.js';

/*
 * Requests that close, delete or move the default sent at the same moment (two tabs, a retried
 * click): every one is checked against the accounts as the others left them, so the user always
 * keeps an open account and the default is one of them (DESIGN §10). Over HTTP on the test's
 * database: PGlite always, PostgreSQL with TEST_DATABASE_URL (where the requests run on separate
 * connections at once). Each race is run several times. The checks made before the write's
 * transaction lost all three races on PostgreSQL; on PGlite, which runs one statement at a time,
 * they did not lose them in these rounds, and the tests there guard the same outcome.
 */
const t = useTestApp();
const ROUNDS = 6;

type Req = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };

async function accounts(token: string): Promise<Account[]> {
  const res = await t.request({ method: 'GET', url: '/api/accounts', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Account[] }>().data;
}

/** Sends the requests at once; answers their statuses and messages in order. */
async function atOnce(token: string, requests: Req[]): Promise<{ status: number; message?: string }[]> {
  const answers = await Promise.all(requests.map((r) => t.request({ ...r, token })));
  return answers.map((res) => ({
    status: res.statusCode,
    ...(res.body ? { message: res.json<{ message?: string }>().message } : {}),
  }));
}

/** The invariants: one default, open; at least one open account. */
function expectSound(list: Account[]): void {
  const open = list.filter((a) => a.closedAt === null);
  const defaults = list.filter((a) => a.isDefault);
  expect(open.length, JSON.stringify(list)).toBeGreaterThan(0);
  expect(defaults.length).toBe(1);
  expect(defaults[0]!.closedAt, 'the default account is open').toBeNull();
}

const close = (id: string): Req => ({ method: 'POST', url: `/api/accounts/${id}/close` });
const makeDefault = (id: string): Req => ({ method: 'PUT', url: `/api/accounts/${id}`, payload: { isDefault: true } });
const remove = (id: string): Req => ({ method: 'DELETE', url: `/api/accounts/${id}` });

describe('accounts changed by concurrent requests', () => {
  it('closing the last two open accounts at once leaves one open: the other request is a 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await registerUser(t);
      const [main] = await accounts(token);
      const a = await createAccount(t, token, { name: 'A' });
      const b = await createAccount(t, token, { name: 'B', isDefault: true });
      // Main is no longer the default: A and Main are closable, but not both (B stays open, default).
      // Then B gives up the default to A while Main and A are closed at once.
      const answers = await atOnce(token, [makeDefault(a.id), close(main!.id), close(a.id), close(b.id)]);
      const list = await accounts(token);
      expectSound(list);
      for (const answer of answers.filter((x) => x.status !== 200)) {
        expect(answer.status).toBe(409);
        expect([ACCOUNT_MSG.isDefault, ACCOUNT_MSG.lastOpen, ACCOUNT_MSG.closed]).toContain(answer.message);
      }
    }
  });

  it('moving the default to an account while it is closed: one of the two wins, never a closed default', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await registerUser(t);
      const [main] = await accounts(token);
      const other = await createAccount(t, token, { name: 'Other' });
      const answers = await atOnce(token, [makeDefault(other.id), close(other.id)]);
      const list = await accounts(token);
      expectSound(list);
      const after = list.find((x) => x.id === other.id)!;
      // Whichever came second saw the first: other is the open default, or closed with main default.
      if (after.isDefault) expect(answers[1]).toEqual({ status: 409, message: ACCOUNT_MSG.isDefault });
      else {
        expect(after.closedAt).not.toBeNull();
        expect(list.find((x) => x.id === main!.id)!.isDefault).toBe(true);
        expect(answers[0]).toEqual({ status: 409, message: ACCOUNT_MSG.closed });
      }
    }
  });

  it('deleting two accounts and closing a third at once keeps an open default', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await registerUser(t);
      const [main] = await accounts(token);
      const a = await createAccount(t, token, { name: 'A' });
      const b = await createAccount(t, token, { name: 'B' });
      await atOnce(token, [makeDefault(a.id), remove(main!.id), close(a.id), remove(b.id)]);
      const list = await accounts(token);
      expectSound(list);
    }
  });
});
