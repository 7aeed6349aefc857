/**
 * A real SMTP server on loopback for tests (the `smtp-server` package, in process): it accepts
 * every message and keeps it, so a test reads what the app really sent over SMTP.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Headers and body as sent (RFC 5322). */
  raw: string;
  subject: string;
  /** The text body, transfer encoding undone. */
  text: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the `n`th message (1-based) once it has arrived; fails after `timeoutMs`. */
  nth(n: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decode(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: body.replace(/\r\n/g, '\n') };
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no login to give.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          ...decode(raw),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nth(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} e-mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[n - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
