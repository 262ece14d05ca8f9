import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { useApiContext } from '../../test/test-app.js';

/** Without SMTP_URL, mail goes to the outbox: its row and an .eml file (decision 033). */
const api = useApiContext({ fleet: false });

describe('mail without SMTP', () => {
  it('stores each message in the outbox as an .eml file a mail parser reads back', async () => {
    const { id } = await api.ctx.app.services.mailer.send({
      kind: 'support-ticket',
      to: ['support@aerie.example'],
      replyTo: 'Hannah Keller <hannah.keller@northwind.example>',
      subject: 'Ticket TCK-7: no signal at sea',
      body: 'Antenna serial GO2321-92844\nThe link drops every evening. Grüße, Hannah',
    });
    const row = async () =>
      (
        await api.rows<{ status: string; messageId: string | null }>(
          'select status, message_id as "messageId" from mail_messages where id = $1',
          [id],
        )
      )[0];
    await expect.poll(async () => (await row())?.status, { timeout: 20_000 }).toBe('stored');
    const { messageId } = (await row())!;
    expect(messageId).toBe(`${id}.eml`);
    const raw = await readFile(path.join(api.ctx.config.mail.outboxDir, messageId!));
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('Ticket TCK-7: no signal at sea');
    expect(mail.to).toMatchObject({ value: [{ address: 'support@aerie.example' }] });
    expect(mail.replyTo).toMatchObject({
      value: [{ address: 'hannah.keller@northwind.example', name: 'Hannah Keller' }],
    });
    expect(mail.text).toContain('Grüße, Hannah');

    const shown = await api.call('superUser', 'GET', `/v2/admin/mail/${id}`);
    expect(shown.json()).toMatchObject({ status: 'stored', kind: 'support-ticket' });
  });
});
