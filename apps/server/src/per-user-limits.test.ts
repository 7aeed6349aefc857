import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, PER_USER_LIMITS } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../test/build-test-app.js';
import { createCategory } from '../test/factories.js';

/**
 * The per-user caps of docs/operations.md ("Limits"): at the cap a create answers 409 with the
 * sentence that names the limit and writes nothing; the sessions list answers at most its bound.
 * Rows up to the cap are written in SQL (the cap is what is tested, not the create path).
 */
const t = useTestApp();

const count = async (table: string, userId: string) => {
  const result = await t.db.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
};

describe('per-user limits', () => {
  it('accounts: the 101st is refused with a clear message, and nothing is written', async () => {
    const { token, user } = await registerUser(t);
    // The default account is the first; fill up to the cap.
    await t.db.db.execute(sql`
      insert into accounts (user_id, name, kind, currency, on_budget)
      select ${user.id}, 'Account ' || i, 'checking', 'USD', true from generate_series(2, ${PER_USER_LIMITS.accounts}) i`);
    const res = await t.request({
      method: 'POST',
      url: '/api/accounts',
      token,
      payload: { name: 'One too many', kind: 'savings' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: LIMIT_MESSAGES.accounts, code: 'CONFLICT' });
    expect(await count('accounts', user.id)).toBe(PER_USER_LIMITS.accounts);
  });

  it('categories: the 201st is refused with a clear message, and nothing is written', async () => {
    const { token, user } = await registerUser(t);
    await t.db.db.execute(sql`
      insert into categories (user_id, name, type, color, icon)
      select ${user.id}, 'Category ' || i, 'expense', '#3b82f6', '🛒' from generate_series(1, ${PER_USER_LIMITS.categories}) i`);
    const res = await t.request({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'One too many', type: 'expense' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: LIMIT_MESSAGES.categories, code: 'CONFLICT' });
    expect(await count('categories', user.id)).toBe(PER_USER_LIMITS.categories);
  });

  it('import rules and saved import settings are capped', async () => {
    const { token, user } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food' });
    await t.db.db.execute(sql`
      insert into import_rules (user_id, contains, category_id)
      select ${user.id}, 'shop ' || i, ${food.id} from generate_series(1, ${PER_USER_LIMITS.importRules}) i`);
    const rule = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'bakery', categoryId: food.id },
    });
    expect(rule.statusCode).toBe(409);
    expect(rule.json().message).toBe(LIMIT_MESSAGES.importRules);
    expect(await count('import_rules', user.id)).toBe(PER_USER_LIMITS.importRules);

    await t.db.db.execute(sql`
      insert into import_profiles (user_id, name, header, header_key, options)
      select ${user.id}, 'Bank ' || i, '["Date"]'::jsonb, 'date' || i, '{}'::jsonb from generate_series(1, ${PER_USER_LIMITS.importProfiles}) i`);
    const profile = await t.request({
      method: 'POST',
      url: '/api/import-profiles',
      token,
      payload: { name: 'My bank', header: ['Date', 'Amount'], options: {} },
    });
    expect(profile.statusCode).toBe(409);
    expect(profile.json().message).toBe(LIMIT_MESSAGES.importProfiles);
    expect(await count('import_profiles', user.id)).toBe(PER_USER_LIMITS.importProfiles);
  });

  it('API tokens are capped', async () => {
    const { token, user } = await registerUser(t);
    await t.db.db.execute(sql`
      insert into api_tokens (user_id, name, scope, token_hash)
      select ${user.id}, 'Token ' || i, 'read', md5(${user.id} || i) from generate_series(1, ${PER_USER_LIMITS.apiTokens}) i`);
    const res = await t.request({
      method: 'POST',
      url: '/api/account/tokens',
      token,
      payload: { name: 'One more', scope: 'read' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LIMIT_MESSAGES.apiTokens);
    expect(await count('api_tokens', user.id)).toBe(PER_USER_LIMITS.apiTokens);
  });

  it('the sessions list answers at most its bound, the most recently used first', async () => {
    const { token, user } = await registerUser(t);
    await t.db.db.execute(sql`
      insert into sessions (user_id, token_hash, expires_at, last_used_at)
      select ${user.id}, md5('s' || ${user.id} || i), now() + interval '1 day', now() - interval '1 day'
      from generate_series(1, ${PER_USER_LIMITS.sessionsListed + 20}) i`);
    const res = await t.request({ method: 'GET', url: '/api/account/sessions', token });
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as { current: boolean }[];
    expect(listed).toHaveLength(PER_USER_LIMITS.sessionsListed);
    expect(listed[0]!.current).toBe(true);
  });
});
