import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

/** One message as it leaves the portal. */
export interface OutgoingMail {
  id: string;
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
}

/** Where messages go: an SMTP server, or the outbox. A real provider's API could be a third. */
export interface MailDelivery {
  readonly kind: 'smtp' | 'outbox';
  /** Delivers one message; answers its Message-ID (or the outbox file's name). */
  deliver(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** Fields of the message nodemailer builds; the id goes in a header for tracing. */
function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    headers: { 'X-Aerie-Mail-Id': mail.id },
  };
}

/** Over SMTP (nodemailer's transport, with its own connection and TLS handling). */
export function createSmtpDelivery(url: string): MailDelivery {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(mail) {
      const info = await transport.sendMail(message(mail));
      return String(info.messageId);
    },
    close: () => transport.close(),
  };
}

/** Into the outbox directory: one RFC 5322 `.eml` file per message, named by its id. */
export function createOutboxDelivery(dir: string): MailDelivery {
  return {
    kind: 'outbox',
    async deliver(mail) {
      const raw = await new MailComposer(message(mail)).compile().build();
      await mkdir(dir, { recursive: true });
      const name = `${mail.id}.eml`;
      await writeFile(path.join(dir, name), raw);
      return name;
    },
    close: () => {},
  };
}

/**
 * Whether an SMTP failure is for good: the server answered 5xx (the address or the message
 * refused). Network errors and 4xx (try later) are worth another attempt.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The line of an error worth keeping on the message. */
export function failureText(err: unknown): string {
  if (err instanceof Error) {
    const response = (err as { response?: unknown }).response;
    return typeof response === 'string' && response ? response : err.message;
  }
  return String(err);
}
