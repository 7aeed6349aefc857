import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../test/factories.js';
import { filesUnder, png } from '../../test/receipt-fixtures.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanReceipts } from './receipt-sweep.js';
import { runHousekeeping } from './housekeeping.js';
import { createLocalObjectStore } from '../receipts/object-store.js';
import { createReceipts } from '../receipts/receipts.js';

const t = useTestApp();
const receiptsDir = () => join(t.config.dataDir, 'receipts');
const listed = () => filesUnder(receiptsDir()).sort();

/** A file as a crash would leave it, last written `ageMs` ago. */
function plant(name: string, ageMs: number): string {
  const folder = join(receiptsDir(), name.slice(0, 2));
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, 'encrypted bytes');
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(path, when, when);
  return join(name.slice(0, 2), name);
}

describe('receipt sweep', () => {
  it('removes old files no transaction refers to, and nothing else', async () => {
    const auth = await registerUser(t);
    const cat = await createCategory(t, auth.token);
    await createTransaction(t, auth.token, {
      categoryId: cat.id,
      type: 'expense',
      amount: '9.50',
      description: 'Kept',
      date: todayIn('UTC'),
      receipt: { filename: 'r.png', contentType: 'image/png', data: await png() },
    });
    const kept = listed();
    expect(kept).toHaveLength(2); // full and thumbnail
    // Make the real receipt old too: being referenced is what keeps it.
    for (const file of kept) {
      const when = (Date.now() - 2 * ORPHAN_MIN_AGE_MS) / 1000;
      utimesSync(join(receiptsDir(), file), when, when);
    }

    const orphan = randomUUID();
    const oldOrphan = [
      plant(`${orphan}-full.bin`, 2 * ORPHAN_MIN_AGE_MS),
      plant(`${orphan}-thumb.bin`, 2 * ORPHAN_MIN_AGE_MS),
    ];
    const oldTemp = plant(`${randomUUID()}-full.bin.${randomUUID()}.tmp`, 2 * ORPHAN_MIN_AGE_MS);
    // Young files may belong to an upload whose row is still being written: left alone.
    const young = plant(`${randomUUID()}-full.bin`, 60_000);
    // Anything not named like a receipt is not ours to delete.
    const stranger = plant('ab-notes.txt', 2 * ORPHAN_MIN_AGE_MS);

    const result = await sweepOrphanReceipts(t.db.db, createLocalObjectStore(receiptsDir()));
    expect(result).toEqual({ checked: 5, removed: 3 });
    const after = listed();
    expect(after).toEqual([...kept, young, stranger].sort());
    for (const gone of [...oldOrphan, oldTemp]) expect(after).not.toContain(gone);

    // The kept receipt still opens.
    const list = await t.request({ method: 'GET', url: '/api/transactions', token: auth.token });
    const url = list.json().data[0].receiptUrl as string;
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // A second pass finds nothing more to do.
    expect(await sweepOrphanReceipts(t.db.db, createLocalObjectStore(receiptsDir()))).toEqual({
      checked: 2,
      removed: 0,
    });
  });

  it('does nothing when there is no receipts folder yet', async () => {
    expect(await sweepOrphanReceipts(t.db.db, createLocalObjectStore(join(t.config.dataDir, 'nowhere')))).toEqual({
      checked: 0,
      removed: 0,
    });
  });

  it('housekeeping also deletes expired sessions, which were refused already', async () => {
    const expired = await registerUser(t);
    const current = await registerUser(t);
    await t.db.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${expired.user.id}`,
    );
    const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });
    expect((await me(expired.token)).statusCode).toBe(401);
    const count = async (userId: string) => {
      const rows = await t.db.db.execute(sql`select count(*)::int as n from sessions where user_id = ${userId}`);
      return (rows as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(await count(expired.user.id)).toBe(1);
    await runHousekeeping({
      config: t.config,
      database: t.db,
      db: t.db.db,
      log: t.app.log,
      receipts: createReceipts(t.config.appSecret, t.config.dataDir),
    });
    expect(await count(expired.user.id)).toBe(0);
    expect(await count(current.user.id)).toBe(1);
    expect((await me(current.token)).statusCode).toBe(200);
  });
});
