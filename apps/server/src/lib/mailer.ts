/**
 * Outgoing e-mail over SMTP (SMTP_URL), for password reset links. Made once per app; null when
 * SMTP_URL is unset, and then nothing is sent (docs/security.md, "Password reset").
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(settings: Config['mail']): Mailer | null {
  if (!settings) return null;
  // smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS from the start.
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    from: settings.from,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
