/**
 * Open imports are capped per user and expire with their files; commits cut short by a killed
 * process are recovered, while one running on another instance is left alone (docs/imports.md,
 * "Open imports" and "Interrupted commits"). The killed process itself: imports-killed.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG, type ImportBatch, LIMIT_MESSAGES, PER_USER_LIMITS } from '@ledgerly/shared';
import { type Database, openDatabase } from '../../db/client.js';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { allTransactions, commit, csv, getBatch, preview, upload } from '../../../test/imports-helpers.js';
import { type ImportUpkeepContext, recoveryGraceSeconds, runImportRecovery } from '../../jobs/import-upkeep.js';
import { ImportJobs } from './import-jobs.js';
import { expireStale } from './imports.service.js';

const t = useTestApp();
/** Another instance's database: its own pool on PostgreSQL; the same PGlite otherwise. */
let other: Database;
beforeAll(async () => {
  other = t.db.url ? await openDatabase({ url: t.db.url, dataDir: 'memory' }) : t.db;
});
afterAll(async () => {
  if (other !== t.db) await other.close();
});

/** The upkeep as another instance runs it: its own database pool and no commits of its own. */
const otherInstance = (): ImportUpkeepContext => ({
  config: t.config,
  database: other,
  db: other.db,
  log: t.app.log,
  importJobs: new ImportJobs(),
});

const one = async <T>(query: ReturnType<typeof sql>) =>
  (((await t.db.db.execute(query)) as { rows: T[] }).rows[0] ?? null) as T | null;

/** The user's batches by status, and the bytes of uploaded files they still hold. */
async function held(userId: string) {
  const r = await one<{ open: number; bytes: number; rows: number }>(sql`
    select (select count(*)::int from import_batches where user_id = ${userId} and status in ('preview', 'failed')) as open,
           (select coalesce(sum(octet_length(file_data)), 0)::int from import_batches where user_id = ${userId}) as bytes,
           (select count(*)::int from import_rows where user_id = ${userId}) as rows`);
  return r!;
}

const SUMMARY = {
  rows: 1,
  total: -1,
  income: 0,
  expense: 1,
  incomeCount: 0,
  expenseCount: 1,
  earliest: '2024-01-01',
  latest: '2024-01-01',
  new: 1,
  duplicates: 0,
  possibleDuplicates: 0,
  errors: 0,
  skipped: 0,
  imported: 0,
};

/** `n` previews (with a 1 KB file and one row each) written in SQL: the cap is what is tested. */
async function seedPreviews(userId: string, n: number, status = 'preview', hoursOld = 0) {
  await t.db.db.execute(sql`
    with made as (
      insert into import_batches (user_id, file_name, format, status, options, summary, file_data, updated_at)
      select ${userId}, 'old-' || i || '.csv', 'csv', ${status}, '{}'::jsonb, ${JSON.stringify(SUMMARY)}::jsonb,
             decode(repeat('00', 1024), 'hex'), now() - make_interval(hours => ${hoursOld})
      from generate_series(1, ${n}) i
      returning id, user_id
    )
    insert into import_rows (batch_id, user_id, idx, date, amount_cents, description, status)
    select id, user_id, 0, '2024-01-01', -100, 'Seeded', 'new' from made`);
}

const statement = csv([
  ['2024-02-01', 'Coffee', '-3.50'],
  ['2024-02-02', 'Salary', '2000.00'],
]);

describe('open imports per user', () => {
  it(`at ${PER_USER_LIMITS.openImports} previews and failed imports an upload is refused, naming the limit, and nothing is written`, async () => {
    const { token, user } = await registerUser(t);
    await seedPreviews(user.id, PER_USER_LIMITS.openImports - 1);
    await seedPreviews(user.id, 1, 'failed');
    // Finished imports hold no file and do not count.
    await seedPreviews(user.id, 3, 'committed');
    const before = await held(user.id);
    expect(before.open).toBe(PER_USER_LIMITS.openImports);

    const res = await upload(t, token, statement);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: LIMIT_MESSAGES.openImports, code: 'CONFLICT' });
    expect(LIMIT_MESSAGES.openImports).toContain(String(PER_USER_LIMITS.openImports));
    expect(await held(user.id)).toEqual(before);

    // Discarding one makes room again.
    const listed = (await t.request({ method: 'GET', url: '/api/imports', token })).json<{ data: ImportBatch[] }>();
    const failed = listed.data.find((b) => b.status === 'failed')!;
    expect((await t.request({ method: 'DELETE', url: `/api/imports/${failed.id}`, token })).statusCode).toBe(204);
    await preview(t, token, statement);
    expect((await upload(t, token, statement)).statusCode).toBe(409);
  });

  it('two uploads at once with room for one: exactly one is stored', async () => {
    const { token, user } = await registerUser(t);
    await seedPreviews(user.id, PER_USER_LIMITS.openImports - 1);
    const answers = await Promise.all([upload(t, token, statement), upload(t, token, statement)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await held(user.id)).open).toBe(PER_USER_LIMITS.openImports);
  });

  it(`previews and failed imports not changed for ${IMPORT_LIMITS.previewHours} hours expire with their files and rows`, async () => {
    const { token, user } = await registerUser(t);
    // Uploaded first: an upload clears the user's own expired ones (the next test).
    const fresh = await preview(t, token, statement);
    await seedPreviews(user.id, 2, 'preview', IMPORT_LIMITS.previewHours + 1);
    await seedPreviews(user.id, 1, 'failed', IMPORT_LIMITS.previewHours + 1);
    await seedPreviews(user.id, 1, 'committed', IMPORT_LIMITS.previewHours + 100);
    // Changed just now (a new category choice would do the same): not expired.
    await seedPreviews(user.id, 1, 'preview', IMPORT_LIMITS.previewHours - 1);
    expect(await held(user.id)).toMatchObject({ open: 5 });

    expect(await expireStale(t.db.db)).toBeGreaterThanOrEqual(3);
    const left = await held(user.id);
    expect(left.open).toBe(2);
    // The fresh upload's file, the 23-hour-old one's and the committed one's (seeded with one) remain.
    expect(left.bytes).toBe(statement.length + 1024 + 1024);
    expect(left.rows).toBe(2 + 1 + 1);
    expect((await getBatch(t, token, fresh.id)).status).toBe('preview');
    const history = (await t.request({ method: 'GET', url: '/api/imports', token })).json<{ data: ImportBatch[] }>();
    expect(history.data.map((b) => b.status).sort()).toEqual(['committed', 'preview', 'preview']);
  });

  it('expired previews do not count against the cap: the upload clears them first', async () => {
    const { token, user } = await registerUser(t);
    await seedPreviews(user.id, PER_USER_LIMITS.openImports, 'preview', IMPORT_LIMITS.previewHours + 1);
    await preview(t, token, statement);
    expect(await held(user.id)).toMatchObject({ open: 1, bytes: statement.length });
  });
});

describe('interrupted commits', () => {
  /** A batch as a process killed mid-commit leaves it: claimed (`importing`) `seconds` ago, nothing imported. */
  async function interrupted(token: string, seconds: number) {
    const batch = await preview(t, token, statement);
    await t.db.db.execute(sql`
      update import_batches set status = 'importing', progress_total = 2,
             updated_at = now() - make_interval(secs => ${seconds})
      where id = ${batch.id}`);
    expect((await getBatch(t, token, batch.id)).status).toBe('importing');
    return batch;
  }

  it('are marked failed; then commit, undo and discard work again', async () => {
    const { token } = await registerUser(t);
    const a = await interrupted(token, 120);
    const b = await interrupted(token, 120);
    // Refused while it looks like it is running: the reason for this recovery.
    const refused = await t.request({ method: 'POST', url: `/api/imports/${a.id}/revert`, token });
    expect(refused.statusCode).toBe(409);
    expect((await t.request({ method: 'DELETE', url: `/api/imports/${a.id}`, token })).statusCode).toBe(409);

    expect(await runImportRecovery(otherInstance())).toBeGreaterThanOrEqual(2);
    const failed = await getBatch(t, token, a.id);
    expect(failed).toMatchObject({ status: 'failed', message: IMPORT_MSG.interrupted });
    expect((await allTransactions(t, token)).meta.total).toBe(0);

    const done = await commit(t, token, a.id);
    expect(done).toMatchObject({ status: 'committed', summary: { imported: 2 } });
    expect(done.message).toBeUndefined();
    expect((await allTransactions(t, token)).meta.total).toBe(2);
    const undone = await t.request({ method: 'POST', url: `/api/imports/${a.id}/revert`, token });
    expect(undone.json<{ data: ImportBatch }>().data.status).toBe('reverted');
    expect((await allTransactions(t, token)).meta.total).toBe(0);

    expect((await t.request({ method: 'DELETE', url: `/api/imports/${b.id}`, token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/imports/${b.id}`, token })).statusCode).toBe(404);
  });

  it('a claim younger than the grace (the moment before its commit holds its lock) is left alone on PostgreSQL', async () => {
    const { token } = await registerUser(t);
    const batch = await interrupted(token, 0);
    const grace = recoveryGraceSeconds(otherInstance());
    expect(grace).toBe(t.db.kind === 'postgres' ? 15 : 0);
    await runImportRecovery(otherInstance());
    expect((await getBatch(t, token, batch.id)).status).toBe(t.db.kind === 'postgres' ? 'importing' : 'failed');
    await runImportRecovery(otherInstance(), 0);
    expect((await getBatch(t, token, batch.id)).status).toBe('failed');
  });

  it(
    'a commit running on another instance is never taken for interrupted, even with no grace',
    { timeout: 180_000 },
    async () => {
      const { token } = await registerUser(t);
      // On PostgreSQL big enough to be caught running; on PGlite a commit ends before anything else runs.
      const n = t.db.kind === 'postgres' ? 30_000 : IMPORT_LIMITS.backgroundRows + 500;
      const rows: [string, string, string][] = [];
      for (let i = 0; i < n; i += 1)
        rows.push([`2023-0${(i % 9) + 1}-1${i % 10}`, `Payment ${i}`, `-${(i % 90) + 1}.25`]);
      const batch = await preview(t, token, csv(rows));
      const res = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
      expect(res.json<{ data: ImportBatch }>().data.status).toMatch(/importing|committed/);
      // Inside the commit's transaction once a step is done (PGlite answers only after it ends).
      let seen = await getBatch(t, token, batch.id);
      while (seen.status === 'importing' && !seen.progress?.done) seen = await getBatch(t, token, batch.id);

      // On PostgreSQL the commit is still running here (30,000 rows take seconds); PGlite has finished.
      if (t.db.kind === 'postgres') expect(seen.status).toBe('importing');
      expect(await runImportRecovery(otherInstance(), 0)).toBe(0);
      const done = await commit(t, token, batch.id);
      expect(done).toMatchObject({ status: 'committed', summary: { imported: n } });
      expect((await allTransactions(t, token)).meta.total).toBe(n);
    },
  );
});
