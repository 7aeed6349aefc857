import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, formatCents, formatSignedCents } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';
import { readPdf } from '../../../test/pdf.js';
import { openReport } from './export.service.js';
import { STANDARD_FONTS, reportFonts } from './report-fonts.js';
import { canDraw, drawable, moneyOptions } from './report-text.js';

const t = useTestApp();

describe('report fonts', () => {
  it('embeds DejaVu Sans (package fonts-dejavu-core), which draws every currency symbol', () => {
    const fonts = reportFonts();
    expect(fonts.embedded, 'install fonts-dejavu-core: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').toBe(true);
    for (const { code, symbol } of CURRENCIES) expect(canDraw(symbol, fonts), code).toBe(true);
    expect(formatCents(123456, 'INR', moneyOptions(fonts))).toBe('₹1,234.56');
    expect(formatCents(-5, 'KRW', moneyOptions(fonts))).toBe('-₩0.05');
    expect(formatSignedCents(99, 'income', 'PHP', moneyOptions(fonts))).toBe('+₱0.99');
    expect(formatSignedCents(99, 'expense', 'THB', moneyOptions(fonts))).toBe('-฿0.99');
  });

  it('reads coverage from the font itself: CJK is missing, emoji are left out', () => {
    const fonts = reportFonts();
    expect(fonts.covers('A'.codePointAt(0)!)).toBe(true);
    expect(fonts.covers('Ж'.codePointAt(0)!)).toBe(true);
    expect(fonts.covers('中'.codePointAt(0)!)).toBe(false);
    expect(drawable('Café 中文 🎉 ok', fonts)).toBe('Café ?? ok');
    expect(drawable('line\nbreak\ttab', fonts)).toBe('line break tab');
  });

  it('falls back to the ISO code where Helvetica has no symbol', () => {
    expect(formatCents(123456, 'INR', moneyOptions(STANDARD_FONTS))).toBe('INR 1,234.56');
    expect(formatCents(123456, 'KRW', moneyOptions(STANDARD_FONTS))).toBe('KRW 1,234.56');
    expect(formatCents(123456, 'EUR', moneyOptions(STANDARD_FONTS))).toBe('€1,234.56');
    expect(formatCents(123456, 'GBP', moneyOptions(STANDARD_FONTS))).toBe('£1,234.56');
    expect(formatCents(123456, 'MYR', moneyOptions(STANDARD_FONTS))).toBe('RM1,234.56');
    expect(drawable('Zoë — 東京', STANDARD_FONTS)).toBe('Zoë — ??');
  });

  it('renders a whole report with the fallback font', async () => {
    const auth = await registerUser(t, { firstName: 'Ravi' });
    await t.request({ method: 'PUT', url: '/api/settings', token: auth.token, payload: { currency: 'INR' } });
    const cat = await createCategory(t, auth.token, { name: 'Chai' });
    await seedTransactions(t, [
      {
        userId: auth.user.id,
        categoryId: cat.id,
        type: 'expense',
        amountCents: 123456,
        date: '2025-01-02',
        description: 'Tea',
      },
    ]);
    const user = { ...auth.user, currency: 'INR' };
    const report = await openReport(t.db.db, user, {}, () => {}, { fonts: STANDARD_FONTS });
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(report.stream)) chunks.push(chunk as Buffer);
    const { text } = await readPdf(Buffer.concat(chunks));
    expect(text).toMatch(/Tea\s+Chai\s+-INR 1,234\.56/);
    expect(text).toContain('Currency');
    expect(text).not.toContain('₹');
    expect(text).toContain('Page 1 of 1');
  });
});
