import { randomBytes } from 'node:crypto';

export interface FilePart {
  /** Form field name; `receipt` unless told. */
  field?: string;
  filename: string;
  /** Declared type; the server ignores it and reads the bytes. */
  contentType?: string;
  data: Buffer;
}

/**
 * A multipart/form-data body for `app.inject`: text fields, then files.
 * Spread the result into the request: `t.request({ method, url, token, ...multipart({...}) })`.
 */
export function multipart(
  fields: Record<string, string | number | boolean>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ledgerly${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'receipt'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
