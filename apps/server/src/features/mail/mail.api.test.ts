import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiContext } from '../../test/test-app.js';

/**
 * Mail over SMTP (docs/decisions/033-mail.md) against a real SMTP server on loopback
 * (`smtp-server`), read back with a real parser (`mailparser`): one that accepts, one that
 * refuses a recipient for good (550), and one that is down and comes back.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer | null = null;
let port = 0;

async function startSmtp(onPort: number): Promise<void> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(onPort, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
  smtp = server;
}

async function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

const env: Record<string, string> = { MAIL_RETRY_DELAY_S: '1', MAIL_MAX_ATTEMPTS: '6' };
beforeAll(async () => {
  await startSmtp(0);
  env.SMTP_URL = `smtp://127.0.0.1:${port}`;
});
afterAll(stopSmtp);
const api = useApiContext({ fleet: false, env });

const send = (to: string, subject: string) =>
  api.ctx.app.services.mailer.send({
    kind: 'test',
    to: [to],
    subject,
    body: `Hello from the portal.\nSubject: ${subject}`,
  });

const state = (id: string) =>
  api.rows<{ status: string; attempts: number; lastError: string | null }>(
    'select status, attempts, last_error as "lastError" from mail_messages where id = $1',
    [id],
  );

describe('mail over SMTP', () => {
  it('delivers a message in the background: it arrives, and is marked sent', async () => {
    const { id } = await send('ops@customer.example', 'Ticket TCK-1 received');
    await expect.poll(async () => (await state(id))[0]?.status, { timeout: 20_000 }).toBe('sent');
    const mail = received.find((m) => m.subject === 'Ticket TCK-1 received');
    expect(mail?.to).toMatchObject({ value: [{ address: 'ops@customer.example' }] });
    expect(mail?.from?.value[0]?.address).toBe('no-reply@aerie.example');
    expect(mail?.text).toContain('Hello from the portal.');
    expect(mail?.headers.get('x-aerie-mail-id')).toBe(id);
    expect((await state(id))[0]).toMatchObject({ attempts: 1, lastError: null });
  });

  it('marks a message the server refuses for good (550) failed, without retrying', async () => {
    const { id } = await send('refuse@customer.example', 'Refused');
    await expect.poll(async () => (await state(id))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const [row] = await state(id);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('Mailbox unavailable');
    expect(received.some((m) => m.subject === 'Refused')).toBe(false);
  });

  it('keeps a message queued while the server is down and delivers it when it is back', async () => {
    const downPort = port;
    await stopSmtp();
    const { id } = await send('ops@customer.example', 'Sent while down');
    await expect
      .poll(async () => (await state(id))[0]?.attempts, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    const [waiting] = await state(id);
    expect(waiting!.status).toBe('queued');
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    await startSmtp(downPort);
    await expect.poll(async () => (await state(id))[0]?.status, { timeout: 30_000 }).toBe('sent');
    expect(received.some((m) => m.subject === 'Sent while down')).toBe(true);
  });
});

describe('the outbox API', () => {
  it('lists the messages newest first and shows one with its body, to mail.view only', async () => {
    const { id } = await send('list@customer.example', 'Listed');
    const res = await api.call('superUser', 'GET', '/v2/admin/mail', { query: { take: '50' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ items: { id: string; subject: string }[]; count: number }>();
    expect(list.items[0]).toMatchObject({ id, subject: 'Listed' });
    expect(list.count).toBeGreaterThanOrEqual(4);

    const one = await api.call('providerAdmin', 'GET', `/v2/admin/mail/${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id, to: ['list@customer.example'], replyTo: null });
    expect(one.json<{ body: string }>().body).toContain('Hello from the portal.');

    for (const role of [
      'salesSupport',
      'productSupport',
      'accountAdmin',
      'credentialed',
    ] as const) {
      expect((await api.call(role, 'GET', '/v2/admin/mail')).statusCode, role).toBe(403);
      expect((await api.call(role, 'GET', `/v2/admin/mail/${id}`)).statusCode, role).toBe(403);
    }
    expect((await api.call(null, 'GET', '/v2/admin/mail')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown message and 400 for a malformed id or page', async () => {
    const missing = await api.call(
      'superUser',
      'GET',
      '/v2/admin/mail/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect((await api.call('superUser', 'GET', '/v2/admin/mail/nope')).statusCode).toBe(400);
    const badTake = await api.call('superUser', 'GET', '/v2/admin/mail', {
      query: { take: '1000' },
    });
    expect(badTake.statusCode).toBe(400);
    expect(badTake.body).toContain('take');
  });
});
