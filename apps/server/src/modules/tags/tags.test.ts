import { describe, expect, it } from 'vitest';
import { TAG_MSG, type Tag, type TagTotal, type Transaction, addDays, todayIn } from '@ledgerly/shared';
import { eq } from 'drizzle-orm';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { makeZip, readZip } from '../../../test/zip.js';
import { tags as tagsTable, transactionTags, transactions } from '../../db/schema.js';

const t = useTestApp();
const yesterday = addDays(todayIn('UTC'), -1);

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, food, salary };
}

async function createTag(token: string, payload: Record<string, unknown>): Promise<Tag> {
  const res = await t.request({ method: 'POST', url: '/api/tags', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Tag }>().data;
}

async function listTags(token: string): Promise<Tag[]> {
  const res = await t.request({ method: 'GET', url: '/api/tags', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Tag[] }>().data;
}

async function list(token: string, query: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('tags CRUD', () => {
  it('creates, lists with usage, renames, recolours, archives and deletes a tag', async () => {
    const { token, food } = await setup();
    const wedding = await createTag(token, { name: ' Wedding ', color: '#AA3366' });
    expect(wedding).toMatchObject({ name: 'Wedding', color: '#aa3366', archived: false, usage: 0 });
    const work = await createTag(token, { name: 'Work' });
    expect(work.color).toBe('#64748b');
    await createTransaction(t, token, { categoryId: food.id, tagIds: [wedding.id, work.id] } as never);
    await createTransaction(t, token, { categoryId: food.id, tagIds: [wedding.id] } as never);
    expect((await listTags(token)).map((g) => [g.name, g.usage])).toEqual([
      ['Wedding', 2],
      ['Work', 1],
    ]);

    const put = await t.request({
      method: 'PUT',
      url: `/api/tags/${wedding.id}`,
      token,
      payload: { name: 'Our wedding', color: '#112233', archived: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: Tag }>().data).toMatchObject({
      name: 'Our wedding',
      color: '#112233',
      archived: true,
      usage: 2,
    });
    const restored = await t.request({
      method: 'PUT',
      url: `/api/tags/${wedding.id}`,
      token,
      payload: { archived: false },
    });
    expect(restored.json<{ data: Tag }>().data.archived).toBe(false);

    const del = await t.request({ method: 'DELETE', url: `/api/tags/${wedding.id}`, token });
    expect(del.statusCode).toBe(204);
    // The transactions stay; only the tag goes from them.
    const rows = await list(token, '');
    expect(rows).toHaveLength(2);
    expect(rows.flatMap((r) => r.tags.map((g) => g.name))).toEqual(['Work']);
  });

  it('refuses a duplicate name ignoring case (409), a bad colour or name (400), another user’s tag (404)', async () => {
    const { token } = await setup();
    const other = await setup();
    const tag = await createTag(token, { name: 'Trip' });
    const dup = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name: 'TRIP' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE', message: TAG_MSG.duplicate('TRIP') });
    const second = await createTag(token, { name: 'Other' });
    const rename = await t.request({ method: 'PUT', url: `/api/tags/${second.id}`, token, payload: { name: 'trip' } });
    expect(rename.statusCode).toBe(409);

    const colour = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name: 'X', color: 'red' } });
    expect(colour.statusCode).toBe(400);
    expect(colour.json()).toMatchObject({ fields: { color: TAG_MSG.color } });
    const noName = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name: '  ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ fields: { name: TAG_MSG.nameRequired } });
    const badArchive = await t.request({
      method: 'PUT',
      url: `/api/tags/${tag.id}`,
      token,
      payload: { archived: 'yes' },
    });
    expect(badArchive.statusCode).toBe(400);
    expect(badArchive.json()).toMatchObject({ fields: { archived: TAG_MSG.archived } });

    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/tags/${tag.id}`,
        token: other.token,
        payload: { name: 'Mine' },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await listTags(other.token)).length).toBe(0);
    expect((await listTags(token)).map((g) => g.name)).toEqual(['Other', 'Trip']);
  });
});

describe('transaction tags', () => {
  it('takes tagIds as JSON and as a JSON string in multipart, keeps them when absent, replaces them when given', async () => {
    const { token, food } = await setup();
    const a = await createTag(token, { name: 'Alpha' });
    const b = await createTag(token, { name: 'Beta' });
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      ...multipart({
        categoryId: food.id,
        type: 'expense',
        amount: '12.50',
        date: yesterday,
        tagIds: JSON.stringify([b.id, a.id]),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const tx = res.json<{ data: Transaction }>().data;
    expect(tx.tags).toEqual([
      { id: a.id, name: 'Alpha', color: a.color },
      { id: b.id, name: 'Beta', color: b.color },
    ]);

    const base = { categoryId: food.id, type: 'expense', amount: 13, date: yesterday };
    const keep = await t.request({ method: 'PUT', url: `/api/transactions/${tx.id}`, token, payload: base });
    expect(keep.json<{ data: Transaction }>().data.tags.map((g) => g.name)).toEqual(['Alpha', 'Beta']);
    const replace = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: { ...base, tagIds: [b.id] },
    });
    expect(replace.json<{ data: Transaction }>().data.tags.map((g) => g.name)).toEqual(['Beta']);
    const clear = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: { ...base, tagIds: [] },
    });
    expect(clear.json<{ data: Transaction }>().data.tags).toEqual([]);
    const got = await t.request({ method: 'GET', url: `/api/transactions/${tx.id}`, token });
    expect(got.json<{ data: Transaction }>().data.tags).toEqual([]);
  });

  it('refuses an 11th tag, another user’s tag and a malformed list, writing nothing', async () => {
    const { token, food, user } = await setup();
    const other = await setup();
    const eleven: Tag[] = [];
    for (let i = 0; i < 11; i++) eleven.push(await createTag(token, { name: `T${i}` }));
    const foreign = await createTag(other.token, { name: 'Theirs' });
    const body = { categoryId: food.id, type: 'expense', amount: 5, date: yesterday };

    const tooMany = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { ...body, tagIds: eleven.map((g) => g.id) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { tagIds: TAG_MSG.perTransaction } });

    const notMine = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { ...body, tagIds: [eleven[0]!.id, foreign.id] },
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ fields: { tagIds: TAG_MSG.unknownTag } });

    const malformed = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { ...body, tagIds: 'not json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fields: { tagIds: TAG_MSG.tagIds } });

    const rows = await t.db.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(0);

    // An edit with another user's tag changes nothing either.
    const tx = await createTransaction(t, token, { categoryId: food.id, amount: 7 });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: { ...body, amount: 99, tagIds: [foreign.id] },
    });
    expect(edit.statusCode).toBe(404);
    const after = await t.request({ method: 'GET', url: `/api/transactions/${tx.id}`, token });
    expect(after.json<{ data: Transaction }>().data).toMatchObject({ amount: 7, tags: [] });
  });

  it('the database refuses an 11th link written behind the API’s back', async () => {
    const { token, food, user } = await setup();
    const tx = await createTransaction(t, token, { categoryId: food.id });
    const made: Tag[] = [];
    for (let i = 0; i < 11; i++) made.push(await createTag(token, { name: `D${i}` }));
    await t.db.db
      .insert(transactionTags)
      .values(made.slice(0, 10).map((g) => ({ transactionId: tx.id, tagId: g.id, userId: user.id })));
    await expect(
      t.db.db.insert(transactionTags).values({ transactionId: tx.id, tagId: made[10]!.id, userId: user.id }),
    ).rejects.toThrow();
    // A link to another user's tag is refused by the composite key.
    const other = await setup();
    const [theirs] = await t.db.db
      .insert(tagsTable)
      .values({ userId: other.user.id, name: 'x', color: '#000000' })
      .returning();
    const tx2 = await createTransaction(t, token, { categoryId: food.id });
    await expect(
      t.db.db.insert(transactionTags).values({ transactionId: tx2.id, tagId: theirs!.id, userId: user.id }),
    ).rejects.toThrow();
  });
});

describe('tag filters', () => {
  async function arrange() {
    const s = await setup();
    const a = await createTag(s.token, { name: 'A' });
    const b = await createTag(s.token, { name: 'B' });
    const make = (amount: number, tagIds: string[], categoryId = s.food.id, type = 'expense') =>
      createTransaction(t, s.token, { categoryId, amount, type, tagIds } as never);
    const onlyA = await make(10, [a.id]);
    const onlyB = await make(20, [b.id]);
    const both = await make(40, [a.id, b.id]);
    const none = await make(80, []);
    const incomeA = await make(1000, [a.id], s.salary.id, 'income');
    return { ...s, a, b, onlyA, onlyB, both, none, incomeA };
  }

  it('filters the list by any, all and none, and the summary and CSV agree', async () => {
    const s = await arrange();
    const q = `tagIds=${s.a.id},${s.b.id}`;
    expect(ids(await list(s.token, q))).toEqual(ids([s.onlyA, s.onlyB, s.both, s.incomeA]));
    expect(ids(await list(s.token, `${q}&tagMode=any`))).toEqual(ids([s.onlyA, s.onlyB, s.both, s.incomeA]));
    expect(ids(await list(s.token, `${q}&tagMode=all`))).toEqual(ids([s.both]));
    expect(ids(await list(s.token, `${q}&tagMode=none`))).toEqual(ids([s.none]));
    expect(ids(await list(s.token, `tagIds=${s.a.id}&type=expense`))).toEqual(ids([s.onlyA, s.both]));

    const page = await t.request({ method: 'GET', url: `/api/transactions?${q}&tagMode=all`, token: s.token });
    expect(page.json<{ meta: { total: number } }>().meta.total).toBe(1);

    const summary = await t.request({
      method: 'GET',
      url: `/api/transactions/summary?tagIds=${s.a.id}`,
      token: s.token,
    });
    expect(summary.json<{ data: unknown }>().data).toEqual({ totalIncome: 1000, totalExpense: 50, balance: 950 });
    const none = await t.request({
      method: 'GET',
      url: `/api/transactions/summary?${q}&tagMode=none`,
      token: s.token,
    });
    expect(none.json<{ data: unknown }>().data).toEqual({ totalIncome: 0, totalExpense: 80, balance: -80 });

    const csv = await t.request({
      method: 'GET',
      url: `/api/transactions/export.csv?${q}&tagMode=all`,
      token: s.token,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Description,Category,Amount,Tags,Split');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,-40\.00,A; B,$/);
  });

  it('refuses an unknown tagMode and a malformed tag id (400, field named)', async () => {
    const { token } = await setup();
    const mode = await t.request({ method: 'GET', url: '/api/transactions?tagMode=some', token });
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toMatchObject({ fields: { tagMode: TAG_MSG.tagMode } });
    const bad = await t.request({ method: 'GET', url: '/api/transactions/summary?tagIds=abc', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { tagIds: TAG_MSG.unknownTag } });
  });

  it('another user’s tag matches none of the user’s rows', async () => {
    const s = await arrange();
    const other = await setup();
    const theirs = await createTag(other.token, { name: 'A' });
    expect(await list(s.token, `tagIds=${theirs.id}`)).toEqual([]);
  });

  it('spending by tag sums each tag’s rows of the type in the period', async () => {
    const s = await arrange();
    const res = await t.request({
      method: 'GET',
      url: `/api/analytics/tags?startDate=${addDays(yesterday, -30)}&endDate=${todayIn('UTC')}`,
      token: s.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TagTotal[] }>().data).toEqual([
      { tagId: s.b.id, name: 'B', color: s.b.color, total: 60, count: 2 },
      { tagId: s.a.id, name: 'A', color: s.a.color, total: 50, count: 2 },
    ]);
    const income = await t.request({ method: 'GET', url: '/api/analytics/tags?type=income', token: s.token });
    expect(income.json<{ data: TagTotal[] }>().data).toEqual([
      { tagId: s.a.id, name: 'A', color: s.a.color, total: 1000, count: 1 },
    ]);
    const before = await t.request({
      method: 'GET',
      url: `/api/analytics/tags?endDate=${addDays(yesterday, -1)}`,
      token: s.token,
    });
    expect(before.json<{ data: TagTotal[] }>().data).toEqual([]);
    const bad = await t.request({ method: 'GET', url: '/api/analytics/tags?type=transfer', token: s.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { type: 'Type must be expense or income' } });
  });
});

describe('bulk add and remove tag', () => {
  it('adds a tag to selected rows (skipping rows with 10 tags), removes it, refuses another user’s tag', async () => {
    const s = await setup();
    const tag = await createTag(s.token, { name: 'Claim' });
    const rows: Transaction[] = [];
    for (let i = 0; i < 3; i++)
      rows.push(await createTransaction(t, s.token, { categoryId: s.food.id, amount: i + 1 }));
    const full: string[] = [];
    for (let i = 0; i < 10; i++) full.push((await createTag(s.token, { name: `F${i}` })).id);
    const crowded = await createTransaction(t, s.token, { categoryId: s.food.id, tagIds: full } as never);
    const bulk = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/transactions/bulk', token: s.token, payload });

    const add = await bulk({ action: 'addTag', tagId: tag.id, ids: [...ids(rows), crowded.id] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ data: { matched: 4, changed: 3, skipped: 1 } });
    expect(ids(await list(s.token, `tagIds=${tag.id}`))).toEqual(ids(rows));

    const again = await bulk({ action: 'addTag', tagId: tag.id, filter: { tagIds: [tag.id] } });
    expect(again.json()).toMatchObject({ data: { matched: 3, changed: 3, skipped: 0 } });

    const remove = await bulk({ action: 'removeTag', tagId: tag.id, ids: [rows[0]!.id] });
    expect(remove.json()).toMatchObject({ data: { matched: 1, changed: 1 } });
    expect(ids(await list(s.token, `tagIds=${tag.id}`))).toEqual(ids(rows.slice(1)));

    const noTag = await bulk({ action: 'addTag', ids: [rows[0]!.id] });
    expect(noTag.statusCode).toBe(400);
    expect(noTag.json()).toMatchObject({ fields: { tagId: 'Please select a tag' } });
    const other = await setup();
    const theirs = await createTag(other.token, { name: 'Theirs' });
    const foreign = await bulk({ action: 'addTag', tagId: theirs.id, ids: [rows[0]!.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ fields: { tagId: TAG_MSG.unknownTag } });
    expect(await list(s.token, `tagIds=${theirs.id}`)).toEqual([]);
  });
});

describe('recurring items with tags', () => {
  it('takes tagIds, answers tags, and every generated row copies them', async () => {
    const s = await setup();
    const a = await createTag(s.token, { name: 'Home' });
    const b = await createTag(s.token, { name: 'Fixed' });
    const start = addDays(todayIn('UTC'), -2);
    const created = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token: s.token,
      payload: {
        categoryId: s.food.id,
        type: 'expense',
        amount: 3,
        description: 'Daily',
        frequency: 'daily',
        startDate: start,
        tagIds: [a.id, b.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ data: { id: string; tags: { name: string }[] } }>().data;
    expect(item.tags.map((g) => g.name)).toEqual(['Fixed', 'Home']);

    const gen = await t.request({ method: 'POST', url: '/api/recurring/generate', token: s.token });
    expect(gen.statusCode, gen.body).toBe(200);
    const rows = await list(s.token, '');
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.tags.map((g) => g.name)).toEqual(['Fixed', 'Home']);

    const foreign = await createTag((await setup()).token, { name: 'Theirs' });
    const bad = await t.request({
      method: 'PUT',
      url: `/api/recurring/${item.id}`,
      token: s.token,
      payload: {
        categoryId: s.food.id,
        type: 'expense',
        amount: 3,
        description: 'Daily',
        frequency: 'daily',
        startDate: start,
        tagIds: [foreign.id],
      },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ fields: { tagIds: TAG_MSG.unknownTag } });
    const listed = await t.request({ method: 'GET', url: '/api/recurring', token: s.token });
    expect(listed.json<{ data: { tags: { name: string }[] }[] }>().data[0]!.tags).toHaveLength(2);
  });
});

describe('export and restore (format 4) carry tags', () => {
  const exportZip = async (token: string) => {
    const res = await t.request({ method: 'GET', url: '/api/account/export', token });
    expect(res.statusCode).toBe(200);
    return readZip(res.rawPayload);
  };
  const restore = (token: string, zip: Buffer) =>
    t.request({
      method: 'POST',
      url: '/api/account/restore',
      token,
      ...multipart({}, [{ field: 'file', filename: 'export.zip', contentType: 'application/zip', data: zip }]),
    });

  it('round-trips tags and each row’s tags, and refuses a file with bad tags whole', async () => {
    const s = await setup();
    const a = await createTag(s.token, { name: 'Alpha', color: '#112233' });
    const b = await createTag(s.token, { name: 'Beta' });
    await t.request({ method: 'PUT', url: `/api/tags/${b.id}`, token: s.token, payload: { archived: true } });
    await createTransaction(t, s.token, { categoryId: s.food.id, description: 'both', tagIds: [a.id, b.id] } as never);
    await createTransaction(t, s.token, { categoryId: s.food.id, description: 'none' });
    const files = await exportZip(s.token);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as {
      tags: { id: string; name: string }[];
      transactions: { description: string; tagIds: string[] }[];
    };
    expect(doc.tags.map((g) => g.name)).toEqual(['Alpha', 'Beta']);
    expect(doc.transactions.find((x) => x.description === 'both')!.tagIds.sort()).toEqual([a.id, b.id].sort());

    const target = await registerUser(t);
    const zip = await makeZip(files);
    const res = await restore(target.token, zip);
    expect(res.statusCode, res.body).toBe(200);
    const restored = await listTags(target.token);
    expect(restored.map((g) => [g.name, g.color, g.archived, g.usage])).toEqual([
      ['Alpha', '#112233', false, 1],
      ['Beta', b.color, true, 1],
    ]);
    const rows = await list(target.token, '');
    expect(rows.find((r) => r.description === 'both')!.tags.map((g) => g.name)).toEqual(['Alpha', 'Beta']);
    expect(rows.find((r) => r.description === 'none')!.tags).toEqual([]);

    const bad = async (
      change: (d: { tags: { id: string; name: string }[]; transactions: { tagIds: string[] }[] }) => void,
    ) => {
      const copy = structuredClone(doc);
      change(copy);
      const other = await registerUser(t);
      const answer = await restore(
        other.token,
        await makeZip(new Map([...files, ['ledgerly.json', Buffer.from(JSON.stringify(copy))]])),
      );
      expect(answer.statusCode).toBe(400);
      expect(await listTags(other.token)).toEqual([]);
      expect(await list(other.token, '')).toEqual([]);
      return answer.json<{ message: string }>().message;
    };
    expect(await bad((d) => (d.tags[1]!.name = 'ALPHA'))).toContain('two tags named "ALPHA"');
    expect(await bad((d) => d.transactions[0]!.tagIds.push('00000000-0000-4000-8000-000000000001'))).toContain(
      'no such tag in the file',
    );
    expect(
      await bad(
        (d) =>
          (d.transactions[0]!.tagIds = Array.from(
            { length: 11 },
            (_, i) => `00000000-0000-4000-8000-00000000000${i % 10}`,
          )),
      ),
    ).toContain('tagIds');
  });
});
