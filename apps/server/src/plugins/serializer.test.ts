import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dashboardDataSchema, dataOf, pageOf, transactionSchema } from '@ledgerly/shared';
import { AnswerShapeError, compileSerializer } from './serializer.js';

const viaZod = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (d: unknown) => string;

const row = {
  id: 't1',
  categoryId: null,
  category: null,
  accountId: 'a1',
  kind: 'regular',
  status: 'uncleared',
  transferId: null,
  transferAccountId: null,
  amount: 4.5,
  type: 'expense',
  description: 'Café "Zoë" \\ \n\u2028 \ud800',
  date: '2026-11-26',
  receiptUrl: null,
  receiptThumbUrl: null,
  recurringId: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  lines: [],
  tags: [{ id: 'g1', name: 'Trip', color: '#aa3377' }],
};

describe('compiled answer serializer', () => {
  it("writes byte for byte what zod's serializer writes, undeclared fields left out", () => {
    const schema = pageOf(transactionSchema);
    const page = {
      // Properties in another order than the schema's, and one it does not declare.
      data: [
        { ...row, secret: 'x', id: 't0' },
        { ...row, category: { id: 'c', name: 'Food', color: '#fff', icon: 'x' } },
      ],
      meta: { nextCursor: null, total: 2, totalIsLowerBound: false },
    };
    const compiled = compileSerializer(schema)!;
    expect(compiled).not.toBeNull();
    expect(compiled(page)).toBe(viaZod(schema)(page));
    expect(compiled(page)).not.toContain('secret');
  });

  it('writes a discriminated union by its tag, and optional fields only when present', () => {
    const schema = z.object({
      a: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('one'), n: z.number().int() }),
        z.object({ kind: z.literal('two'), s: z.string().optional(), e: z.enum(['x', 'y']).nullable() }),
      ]),
      list: z.array(z.boolean()),
    });
    const compiled = compileSerializer(schema)!;
    for (const value of [
      { a: { kind: 'one', n: -3 }, list: [] },
      { a: { kind: 'two', e: null, extra: 1 }, list: [true, false] },
      { a: { kind: 'two', s: 'ok', e: 'y' }, list: [true] },
    ])
      expect(compiled(value)).toBe(viaZod(schema)(value));
  });

  it('refuses a value of the wrong type, as zod did, instead of writing it', () => {
    const compiled = compileSerializer(dataOf(transactionSchema))!;
    expect(() => compiled({ data: { ...row, amount: '4.50' } })).toThrow(AnswerShapeError);
    expect(() => compiled({ data: { ...row, kind: 'other' } })).toThrow(AnswerShapeError);
    const { id: _id, ...missing } = row;
    expect(() => compiled({ data: missing })).toThrow(/data\.id/);
    expect(() => compileSerializer(z.object({ n: z.number().int() }))!({ n: 1.5 })).toThrow(AnswerShapeError);
  });

  it("leaves what it does not compile to zod's serializer", () => {
    expect(compileSerializer(z.object({ byName: z.record(z.string(), z.number()) }))).toBeNull();
    expect(compileSerializer(z.object({ n: z.number().default(1) }))).toBeNull();
    expect(compileSerializer(z.union([z.string(), z.number()]))).toBeNull();
    expect(compileSerializer(z.undefined())).toBeNull();
    expect(compileSerializer(dashboardDataSchema)).not.toBeNull();
  });
});
