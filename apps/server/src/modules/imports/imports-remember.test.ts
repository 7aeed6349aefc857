import { describe, expect, it } from 'vitest';
import type { ImportBatch, ImportProfile } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { commit, preview, upload } from '../../../test/imports-helpers.js';

const t = useTestApp();

const put = (token: string, id: string, body: object) =>
  t.request({ method: 'PUT', url: `/api/imports/${id}`, token, payload: body });

const ofx = (account: string, fitid: string, amount: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240305<TRNAMT>${amount}<FITID>${fitid}<NAME>Card payment</STMTTRN></BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('settings remembered per file shape (issue 6/6 item 3)', () => {
  it('a CSV mapping and sign chosen once are applied to the next file with the same header, and can be changed', async () => {
    const { token } = await registerUser(t);
    const file = (rows: string[]) => `Booked;Text;Sum;Memo\n${rows.join('\n')}\n`;
    const first = await preview(t, token, file(['05.03.2024;Bakery;4,20;x', '06.03.2024;Salary;1000,00;y']));
    // The user's choices: description from Memo too, and the bank's signs inverted.
    const options = {
      ...first.options,
      invertSign: true,
      csv: { ...first.options.csv, columns: { ...first.options.csv?.columns, description: ['Text', 'Memo'] } },
    };
    delete (options as { profileId?: string }).profileId;
    const chosen = await put(token, first.id, { options });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<{ data: ImportBatch }>().data.rows?.[0]).toMatchObject({
      amount: -4.2,
      description: 'Bakery x',
    });
    await commit(t, token, first.id);

    // Next month's file has a line above its header: found by the header's text all the same.
    const next = await preview(t, token, `Account 1234;;;\n${file(['07.03.2024;Bakery;3,10;z'])}`);
    expect(next.options.profileId).toBeTruthy();
    expect(next.options.invertSign).toBe(true);
    expect(next.rows?.[0]).toMatchObject({ amount: -3.1, description: 'Bakery z' });

    // "Detect again": nothing remembered is applied.
    const fresh = await put(token, next.id, { options: { fresh: true } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const detected = fresh.json<{ data: ImportBatch }>().data;
    expect(detected.options.profileId).toBeUndefined();
    expect(detected.rows?.[0]).toMatchObject({ amount: 3.1 });

    // One profile for the shape, named after the file, updated rather than duplicated.
    const profiles = await t.request({ method: 'GET', url: '/api/import-profiles', token });
    expect(profiles.json<{ data: ImportProfile[] }>().data).toHaveLength(1);
  });

  it('OFX: the sign chosen for an account is applied to that account’s next statement only', async () => {
    const { token } = await registerUser(t);
    const res = await upload(t, token, ofx('111', 'A1', '-12.00'), undefined, 'a.ofx');
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<{ data: ImportBatch }>().data;
    const { profileId: _p, ...options } = first.options;
    await put(token, first.id, { options: { ...options, invertSign: true } });
    await commit(t, token, first.id);

    const same = (await upload(t, token, ofx('111', 'A2', '-5.00'), undefined, 'b.ofx')).json<{ data: ImportBatch }>()
      .data;
    expect(same.options).toMatchObject({ invertSign: true });
    expect(same.rows?.[0]?.amount).toBe(5);
    const other = (await upload(t, token, ofx('222', 'B1', '-5.00'), undefined, 'c.ofx')).json<{ data: ImportBatch }>()
      .data;
    expect(other.options.profileId).toBeUndefined();
    expect(other.rows?.[0]?.amount).toBe(-5);
  });

  it('a bad "fresh" value is a 400 naming it', async () => {
    const { token } = await registerUser(t);
    const res = await upload(t, token, 'Date,Text,Amount\n2024-03-05,Tea,-1.00\n', { fresh: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('fresh must be true or false');
  });
});
