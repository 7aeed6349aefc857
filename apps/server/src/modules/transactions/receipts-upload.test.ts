import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransactionWithReceipt } from '../../../test/factories.js';
import { type FilePart, multipart } from '../../../test/multipart.js';
import { bigJpeg, filesUnder, gif, hasGpsTag, jpegWithGps, png, svg, webp } from '../../../test/receipt-fixtures.js';

const t = useTestApp();
const receiptsDir = () => join(t.config.dataDir, 'receipts');

async function setup() {
  const auth = await registerUser(t);
  const cat = await createCategory(t, auth.token);
  const fields = {
    categoryId: cat.id,
    type: 'expense' as const,
    amount: '42.10',
    description: 'Dinner',
    date: todayIn('UTC'),
  };
  /** Creates the transaction with this receipt (201 asserted). */
  const create = (receipt: FilePart) => createTransactionWithReceipt(t, auth.token, { ...fields, receipt });
  /** Sends the form as it is, for bodies that may be refused. */
  const post = (file?: FilePart, extra: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/transactions',
      token: auth.token,
      ...multipart({ ...fields, ...extra }, file ? [file] : []),
    });
  const total = async () =>
    (await t.request({ method: 'GET', url: '/api/transactions', token: auth.token })).json().meta.total as number;
  return { ...auth, cat, create, post, total };
}

const fetchImage = (url: string) => t.request({ method: 'GET', url });

describe('receipt uploads', () => {
  it('stores a JPEG upright, without EXIF or GPS, encrypted, and serves it by signed URL', async () => {
    const { create } = await setup();
    const original = await jpegWithGps(640, 480);
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);
    const before = filesUnder(receiptsDir()).length;

    const tx = await create({ filename: 'IMG_0001.JPG', contentType: 'image/jpeg', data: original });
    expect(tx.receiptUrl).toMatch(new RegExp(`^/api/receipts/${tx.id}/full\\?exp=\\d+&sig=[\\w-]+$`));
    expect(tx.receiptThumbUrl).toMatch(new RegExp(`^/api/receipts/${tx.id}/thumb\\?exp=\\d+&sig=[\\w-]+$`));

    const full = await fetchImage(tx.receiptUrl);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const exp = Number(new URL(tx.receiptUrl, 'http://x').searchParams.get('exp'));
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(full.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(Date.now() / 1000) + 1);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 turned the 640×480 picture upright.
    expect([meta.width, meta.height]).toEqual([480, 640]);

    const thumb = await fetchImage(tx.receiptThumbUrl);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(200);
    expect(thumbMeta.exif).toBeUndefined();

    const files = filesUnder(receiptsDir());
    expect(files.length).toBe(before + 2);
    for (const f of files) {
      const stored = readFileSync(join(receiptsDir(), f));
      expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(stored.includes(full.rawPayload.subarray(0, 64))).toBe(false);
      expect(stored.includes(thumb.rawPayload.subarray(0, 64))).toBe(false);
      expect(f).not.toMatch(/IMG_0001/);
    }
  });

  it.each([
    ['PNG', png, 'image/png', 'png'],
    ['GIF', gif, 'image/png', 'png'],
    ['WebP', webp, 'image/webp', 'webp'],
  ] as const)('accepts a %s (declared type ignored)', async (_name, make, servedType, format) => {
    const { create } = await setup();
    const tx = await create({ filename: 'scan.bin', contentType: 'application/octet-stream', data: await make() });
    const img = await fetchImage(tx.receiptUrl);
    expect(img.headers['content-type']).toBe(servedType);
    expect((await sharp(img.rawPayload).metadata()).format).toBe(format);
  });

  it('caps the stored image at 2000 pixels on its longest side', async () => {
    const { create } = await setup();
    const tx = await create({ filename: 'big.jpg', contentType: 'image/jpeg', data: await bigJpeg() });
    const meta = await sharp((await fetchImage(tx.receiptUrl)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1500]);
  });

  it.each([
    ['an SVG', { filename: 'evil.svg', contentType: 'image/svg+xml', data: svg }],
    [
      'a text file named .png',
      { filename: 'notes.png', contentType: 'image/png', data: Buffer.from('just some text') },
    ],
    [
      'a PDF',
      {
        filename: 'receipt.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      },
    ],
    [
      'JPEG magic followed by junk',
      {
        filename: 'x.jpg',
        contentType: 'image/jpeg',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
      },
    ],
    ['an empty file', { filename: 'empty.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) }],
  ])('refuses %s with 415 and leaves nothing behind', async (_name, file) => {
    const { post, total } = await setup();
    const before = filesUnder(receiptsDir());
    const res = await post(file);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.invalidImage, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await total()).toBe(0);
    expect(filesUnder(receiptsDir())).toEqual(before);
  });

  it('refuses a 6 MB file with 413 while streaming and leaves nothing behind', async () => {
    const { post, total } = await setup();
    const before = filesUnder(receiptsDir());
    const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024)]);
    const res = await post({ filename: 'huge.jpg', contentType: 'image/jpeg', data });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await total()).toBe(0);
    expect(filesUnder(receiptsDir())).toEqual(before);
  });

  it('writes no file when the fields are refused, and none for a second file or a stray field', async () => {
    const { post, total, cat, token } = await setup();
    const before = filesUnder(receiptsDir());
    const image = { filename: 'a.png', contentType: 'image/png', data: await png() };
    const bad = await post(image, { amount: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.validAmount);
    const fields = { categoryId: cat.id, type: 'expense', amount: '1', date: todayIn('UTC') };
    const two = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      ...multipart(fields, [image, image]),
    });
    expect(two.statusCode).toBe(413);
    const stray = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      ...multipart(fields, [{ ...image, field: 'photo' }]),
    });
    expect(stray.statusCode).toBe(400);
    expect(await total()).toBe(0);
    expect(filesUnder(receiptsDir())).toEqual(before);
  });

  it('answers 400 for a field declared as JSON that is not JSON, and writes nothing', async () => {
    const { total, cat, token } = await setup();
    const before = filesUnder(receiptsDir());
    const boundary = '----ledgerlyjsonfield';
    const part = (name: string, value: string, type?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n` +
      `${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
    const payload =
      part('categoryId', cat.id) +
      part('type', 'expense') +
      part('amount', '{bad', 'application/json') +
      part('date', todayIn('UTC')) +
      `--${boundary}--\r\n`;
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_JSON', message: 'A form field is not valid JSON' });
    expect(await total()).toBe(0);
    expect(filesUnder(receiptsDir())).toEqual(before);
  });

  it('treats an empty file input (no name, no bytes) as no receipt', async () => {
    const { post } = await setup();
    const res = await post({ filename: '', data: Buffer.alloc(0) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.receiptUrl).toBeNull();
  });
});
