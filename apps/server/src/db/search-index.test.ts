import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../test/test-db.js';

/**
 * The description search (`ilike '%text%'`, db/transaction-filter.ts) has the trigram index of
 * migration 0007 on either database (PGlite loads pg_trgm itself). Whether the planner picks it
 * depends on the data; bench/ measures that at 1M rows (docs/performance.md).
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await (db as TestDatabase | undefined)?.destroy();
});

const planText = (result: unknown) =>
  (result as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row).join(' ')).join('\n');

describe('description search index', () => {
  it('is a trigram GIN index on the descriptions, on either database', async () => {
    const result = await db.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'transactions_description_trgm_idx'`,
    );
    const definition = planText(result);
    expect(definition).toContain('USING gin');
    expect(definition).toContain('gin_trgm_ops');
  });

  it('answers a contains-search through the trigram operators', async () => {
    const result = await db.db.execute(
      sql`select 'Morning coffee at Joe''s' ilike '%COFFEE%' as hit, similarity('coffee', 'coffe') > 0.3 as near`,
    );
    expect(planText(result)).toBe('true true');
  });
});
