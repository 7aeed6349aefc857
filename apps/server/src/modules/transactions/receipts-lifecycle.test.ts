import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransactionWithReceipt } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { filesUnder, gif, png } from '../../../test/receipt-fixtures.js';
import { transactions } from '../../db/schema.js';
import { deriveReceiptKeys, signReceiptClaim } from '../../receipts/receipt-crypto.js';
import { createReceiptUrlSigner, receiptExpiry, receiptPath } from '../../receipts/receipt-urls.js';

const t = useTestApp();
const receiptsDir = () => join(t.config.dataDir, 'receipts');
const image = async () => ({ filename: 'r.png', contentType: 'image/png', data: await png() });

async function withReceipt() {
  const auth = await registerUser(t);
  const cat = await createCategory(t, auth.token);
  const fields = {
    categoryId: cat.id,
    type: 'expense' as const,
    amount: '5',
    description: 'Taxi',
    date: todayIn('UTC'),
  };
  const tx = await createTransactionWithReceipt(t, auth.token, { ...fields, receipt: await image() });
  const [row] = await t.db.db
    .select()
    .from(transactions)
    .where(sql`${transactions.id} = ${tx.id}`);
  const put = async (extra: Record<string, string>, files: Awaited<ReturnType<typeof image>>[] = []) =>
    t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token: auth.token,
      ...multipart({ ...fields, ...extra }, files),
    });
  return { ...auth, fields, tx, receiptKey: row!.receiptKey!, put };
}

const status = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;
const keyFiles = (key: string) => filesUnder(receiptsDir()).filter((f) => f.includes(key));

describe('receipt lifecycle', () => {
  it('keeps the receipt when an update sends none', async () => {
    const { tx, receiptKey, put } = await withReceipt();
    const res = await put({ description: 'Taxi home' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.receiptUrl).not.toBeNull();
    expect(await status(res.json().data.receiptUrl)).toBe(200);
    expect(await status(tx.receiptUrl)).toBe(200);
    expect(keyFiles(receiptKey)).toHaveLength(2);
  });

  it('replaces the receipt: new files, old files deleted, old URLs void', async () => {
    const { tx, receiptKey, put } = await withReceipt();
    const res = await put({}, [{ filename: 'new.gif', contentType: 'image/gif', data: await gif() }]);
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(keyFiles(receiptKey)).toEqual([]);
    expect(await status(tx.receiptUrl)).toBe(404);
    expect(await status(tx.receiptThumbUrl)).toBe(404);
    expect(await status(updated.receiptUrl)).toBe(200);
  });

  it('removes the receipt on removeReceipt=true (multipart or JSON)', async () => {
    const first = await withReceipt();
    const res = await first.put({ removeReceipt: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ receiptUrl: null, receiptThumbUrl: null });
    expect(keyFiles(first.receiptKey)).toEqual([]);
    expect(await status(first.tx.receiptUrl)).toBe(404);

    const second = await withReceipt();
    const json = await t.request({
      method: 'PUT',
      url: `/api/transactions/${second.tx.id}`,
      token: second.token,
      payload: { ...second.fields, removeReceipt: true },
    });
    expect(json.json().data.receiptUrl).toBeNull();
    expect(keyFiles(second.receiptKey)).toEqual([]);
  });

  it('a refused update keeps the old receipt and writes nothing new', async () => {
    const { tx, receiptKey, put } = await withReceipt();
    const before = filesUnder(receiptsDir());
    const res = await put({}, [{ filename: 'fake.png', contentType: 'image/png', data: Buffer.from('not an image') }]);
    expect(res.statusCode).toBe(415);
    const tooBig = await put({}, [
      { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 1) },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(filesUnder(receiptsDir())).toEqual(before);
    expect(keyFiles(receiptKey)).toHaveLength(2);
    expect(await status(tx.receiptUrl)).toBe(200);
  });

  it('deleting the transaction deletes its files', async () => {
    const { tx, receiptKey, token } = await withReceipt();
    const res = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token });
    expect(res.statusCode).toBe(204);
    expect(keyFiles(receiptKey)).toEqual([]);
    expect(await status(tx.receiptUrl)).toBe(404);
  });

  it('leaves no files when the database write fails', async () => {
    const { tx, receiptKey, put, token, fields } = await withReceipt();
    await t.db.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.description = 'boom' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await t.db.db.execute(sql`create trigger refuse_boom before insert or update on transactions
      for each row execute function refuse_boom()`);
    try {
      const before = filesUnder(receiptsDir());
      const body = multipart({ ...fields, description: 'boom' }, [await image()]);
      const created = await t.request({ method: 'POST', url: '/api/transactions', token, ...body });
      expect(created.statusCode).toBe(500);
      const updated = await put({ description: 'boom' }, [await image()]);
      expect(updated.statusCode).toBe(500);
      expect(filesUnder(receiptsDir())).toEqual(before);
      expect(keyFiles(receiptKey)).toHaveLength(2);
      expect(await status(tx.receiptUrl)).toBe(200);
    } finally {
      await t.db.db.execute(sql`drop trigger refuse_boom on transactions`);
    }
  });
});

describe('signed receipt URLs', () => {
  const keys = () => deriveReceiptKeys(t.config.appSecret).signing;

  it('serve without a bearer header but refuse a bad signature, another variant or another user', async () => {
    const { tx, receiptKey } = await withReceipt();
    const url = new URL(tx.receiptUrl, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    expect(await status(tx.receiptUrl)).toBe(200);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(await status(receiptPath(tx.id, 'full', exp, flipped))).toBe(404);
    expect(await status(receiptPath(tx.id, 'thumb', exp, sig))).toBe(404);
    expect(await status(receiptPath(tx.id, 'full', exp + 3600, sig))).toBe(404);
    expect(await status(`/api/receipts/${tx.id}/full?exp=${exp}`)).toBe(404);
    expect(await status(`/api/receipts/${tx.id}/original?exp=${exp}&sig=${sig}`)).toBe(404);
    // Bob's own signature over Alice's transaction is not Alice's.
    const bob = await registerUser(t);
    const forged = signReceiptClaim(keys(), {
      userId: bob.user.id,
      transactionId: tx.id,
      receiptKey,
      variant: 'full',
      exp,
    });
    expect(await status(receiptPath(tx.id, 'full', exp, forged))).toBe(404);
    // And Bob cannot get Alice's transaction (with its URLs) through the API either.
    expect((await t.request({ method: 'GET', url: `/api/transactions/${tx.id}`, token: bob.token })).statusCode).toBe(
      404,
    );
  });

  it('refuse an expired URL even with a correct signature', async () => {
    const { tx, receiptKey, user } = await withReceipt();
    const exp = Math.floor(Date.now() / 1000) - 1;
    const claim = { userId: user.id, transactionId: tx.id, receiptKey, variant: 'full' as const, exp };
    expect(await status(receiptPath(tx.id, 'full', exp, signReceiptClaim(keys(), claim)))).toBe(404);
    const fresh = { ...claim, exp: exp + 120 };
    expect(await status(receiptPath(tx.id, 'full', fresh.exp, signReceiptClaim(keys(), fresh)))).toBe(200);
  });

  it('stay the same within an hour, so browsers can cache the image, and live 1 to 2 hours', () => {
    const hour = 3_600_000;
    const start = Math.floor(Date.now() / hour) * hour;
    const sign = (now: number) =>
      createReceiptUrlSigner(keys(), () => now)({ id: 'tx', userId: 'u', receiptKey: 'k' }).receiptUrl;
    expect(sign(start)).toBe(sign(start + hour - 1));
    expect(sign(start + hour)).not.toBe(sign(start));
    for (const now of [start, start + hour - 1]) {
      const ttl = receiptExpiry(now) - now / 1000;
      expect(ttl).toBeGreaterThan(3599);
      expect(ttl).toBeLessThanOrEqual(7200);
    }
    expect(createReceiptUrlSigner(keys())({ id: 'tx', userId: 'u', receiptKey: null })).toEqual({
      receiptUrl: null,
      receiptThumbUrl: null,
    });
  });
});
