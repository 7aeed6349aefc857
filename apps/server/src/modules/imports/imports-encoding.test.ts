import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { allTransactions, commit, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

/** A windows-1252 CSV: ’ is 0x92, € is 0x80, é is 0xE9, – is 0x96, — is 0x97. */
const cp1252 = (text: string) =>
  Buffer.from(
    Array.from(text, (c) => {
      const special: Record<string, number> = { '’': 0x92, '€': 0x80, '–': 0x96, '—': 0x97 };
      const code = special[c] ?? c.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in the test's cp1252 subset: ${c}`);
      return code;
    }),
  );

const FILE = cp1252(
  'Date,Description,Amount\n' +
    '2024-03-01,McDonald’s,-8.50\n' +
    '2024-03-02,Café Métro €uro,-12.00\n' +
    '2024-03-03,Rent – March — flat,-900.00\n',
);

describe('statement import: windows-1252 text', () => {
  it.each([
    ['detected', undefined],
    ['chosen in the wizard', { encoding: 'windows-1252' }],
  ])('a windows-1252 CSV (%s) stores ’ € – — exactly, not C1 controls', async (_how, options) => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, FILE, options);
    expect(batch.options.encoding).toBe('windows-1252');
    expect(batch.rows?.map((r) => r.description)).toEqual(['McDonald’s', 'Café Métro €uro', 'Rent – March — flat']);
    await commit(t, token, batch.id);
    const stored = (await allTransactions(t, token)).data.map((x) => x.description);
    expect(stored.sort()).toEqual(['Café Métro €uro', 'McDonald’s', 'Rent – March — flat']);
    expect(stored.join('')).not.toMatch(/[\u0080-\u009f\ufffd]/);
  });
});
