import { describe, expect, it } from 'vitest';
import type { ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { allTransactions, commit, preview, upload } from '../../../test/imports-helpers.js';

/*
 * Crafted statement files over HTTP ("Hardening first", items 8 and 10): each gets a preview
 * whose bad rows say why, or a 400 with a sentence; never a 500, and a refusal writes nothing.
 * A 64 MB heap per reading thread (the smallest allowed) makes the memory limit reachable.
 */
const t = useTestApp({ IMPORT_PARSE_MEMORY_MB: '64' });

const ofx = (date: string, name: string) =>
  `OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>` +
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-1.00<FITID>a1<NAME>Good</STMTTRN>` +
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date}<TRNAMT>-3.50<FITID>a2<NAME>${name}</STMTTRN>` +
  `</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const camt = (date: string) =>
  `<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt>` +
  `<Ntry><Amt Ccy="USD">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-02</Dt></BookgDt><AcctSvcrRef>c1</AcctSvcrRef></Ntry>` +
  `<Ntry><Amt Ccy="USD">3.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>c2</AcctSvcrRef></Ntry>` +
  `</Stmt></BkToCstmrStmt></Document>`;

const nothingWritten = async (token: string) => {
  expect((await t.request({ method: 'GET', url: '/api/imports', token })).json()).toEqual({ data: [] });
  expect((await allTransactions(t, token)).meta.total).toBe(0);
};

describe('statement import: crafted dates and characters (item 8)', () => {
  it.each([
    ['OFX year 0', ofx('00000101', 'Bad'), '00000101'],
    ['OFX year 1', ofx('00010101', 'Bad'), '00010101'],
    ['OFX 30 February', ofx('20260230', 'Bad'), '20260230'],
    ['OFX month 13', ofx('20261301', 'Bad'), '20261301'],
    ['CAMT year 1', camt('0001-01-01'), '0001-01-01'],
    ['CAMT 30 February', camt('2026-02-30'), '2026-02-30'],
    ['CAMT month 13', camt('2026-13-01'), '2026-13-01'],
  ])('%s: the row is an error saying why; the good row imports', async (_name, file, printed) => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, file);
    expect(batch.summary).toMatchObject({ rows: 2, new: 1, errors: 1 });
    expect(batch.rows?.map((r) => [r.date, r.status, r.message ?? null])).toEqual([
      ['2024-01-02', 'new', null],
      [null, 'error', `Unreadable date "${printed}"`],
    ]);
    expect((await commit(t, token, batch.id)).summary.imported).toBe(1);
    expect((await allTransactions(t, token)).data.map((x) => x.date)).toEqual(['2024-01-02']);
  });

  it('a character reference to a lone surrogate half is stored as U+FFFD', async () => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, ofx('20240103', 'Caf&#55296;e'));
    expect(batch.rows?.[1]).toMatchObject({ status: 'new', description: 'Caf\uFFFDe' });
    await commit(t, token, batch.id);
    expect((await allTransactions(t, token)).data.map((x) => x.description)).toEqual(['Caf\uFFFDe', 'Good']);
  });

  it('a NUL character past the first 8 KB is dropped, not sent to the database', async () => {
    const { token } = await registerUser(t);
    const filler = '2024-01-02,Filler,-1.00\n'.repeat(400);
    const batch = await preview(t, token, `Date,Description,Amount\n${filler}2024-01-03,Nu\u0000ll,-2.00\n`);
    expect(batch.summary.rows).toBe(401);
    const last = await t.request({ method: 'GET', url: `/api/imports/${batch.id}?cursor=400`, token });
    expect(last.json<{ data: ImportBatch }>().data.rows?.[0]?.description).toBe('Null');
  });
});

describe('statement import: bounded work (items 1 and 10)', () => {
  const refused = async (data: string, message: RegExp) => {
    const { token } = await registerUser(t);
    const res = await upload(t, token, Buffer.from(data));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    await nothingWritten(token);
  };

  it('a 19 MB CSV of one line: 400, naming the line limit', async () => {
    await refused('a,'.repeat(9_500_000), /^Line 1 of this file is longer than 65,536 characters/);
  });

  it('a file that needs more memory than a reading thread may take: 400, saying so', { timeout: 120_000 }, async () => {
    const line = `"a${'"a'.repeat(30_000)}\n`;
    await refused(
      `Date,Amount\n${line.repeat(Math.floor(19_000_000 / line.length))}`,
      /^Reading this file needed more than the 64 MB of memory a statement may take, so it was stopped\./,
    );
  });
});
