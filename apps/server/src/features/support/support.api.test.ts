import { describe, expect, it } from 'vitest';
import { ticketListSchema, ticketSchema, type RoleKey } from '@aerie/contract';
import { NORTHWIND_TREE, STAFF_ROLES } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext();

const ticket = {
  type: 'Problem',
  subType: 'Connectivity',
  priority: 'High',
  impact: 'SingleDevice',
  subject: 'No signal since the storm',
  description: 'The antenna lost its link at 02:00 and has not come back.',
};

const file = (role: RoleKey, body: object) =>
  api.call(role, 'POST', '/v2/support/ticket', { body });

async function deviceWithSerials(inside: boolean) {
  const [row] = await api.rows<{ id: string; name: string; antenna: string; modem: string }>(
    `select d.id, d.name, a.serial as antenna, m.serial as modem from devices d
       join device_components a on a.device_id = d.id and a.type = 'Antenna'
       join device_components m on m.device_id = d.id and m.type = 'GeoModem'
      where d.account_id ${inside ? 'in' : 'not in'} (${NORTHWIND_TREE}) and d.deleted_at is null
      order by d.id limit 1`,
  );
  return row!;
}

describe('support tickets', () => {
  it('gives every signed-in user the option lists', async () => {
    const res = await api.call('credentialed', 'GET', '/v2/support/config');
    expect(res.statusCode, res.body).toBe(200);
    const config = res.json<{ types: { value: string; subTypes: unknown[] }[] }>();
    expect(config.types.map((t) => t.value)).toEqual(['Problem', 'Question', 'Request']);
    expect((await api.call(null, 'GET', '/v2/support/config')).statusCode).toBe(401);
  });

  it("files a ticket about one of the caller's devices: its serials, its account, a mail to support", async () => {
    const device = await deviceWithSerials(true);
    const res = await file('accountAdmin', {
      ...ticket,
      deviceId: device.id,
      antennaSerial: 'typed by hand',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = ticketSchema.parse(res.json());
    expect(created).toMatchObject({
      status: 'open',
      deviceId: device.id,
      deviceName: device.name,
      antennaSerial: device.antenna,
      modemSerial: device.modem,
      createdBy: { email: 'hannah.keller@northwind.example' },
    });
    expect(created.number).toMatch(/^TCK-\d{6}$/);
    const [owner] = await api.rows<{ account_id: string }>(
      'select account_id from devices where id = $1',
      [device.id],
    );
    expect(created.accountId).toBe(owner!.account_id);

    const [mail] = await api.rows<{ to: string[]; subject: string; body: string; replyTo: string }>(
      `select m.to_addresses as "to", m.subject, m.body, m.reply_to as "replyTo"
         from mail_messages m join support_tickets t on t.mail_id = m.id where t.id = $1`,
      [created.id],
    );
    expect(mail).toMatchObject({
      to: ['support@aerie.example'],
      subject: `[Aerie ${created.number}] No signal since the storm`,
      replyTo: 'Hannah Keller <hannah.keller@northwind.example>',
    });
    expect(mail!.body).toContain(`Antenna serial: ${device.antenna}`);
    expect(mail!.body).toContain('Priority: High');
    expect(mail!.body).toContain('The antenna lost its link');
  });

  it('refuses a device of another account with 404 and stores nothing', async () => {
    const foreign = await deviceWithSerials(false);
    const before = await api.count('select count(*)::int as n from support_tickets');
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const res = await file(role, { ...ticket, deviceId: foreign.id });
      expect(res.statusCode, role).toBe(404);
    }
    expect(await api.count('select count(*)::int as n from support_tickets')).toBe(before);
    // Staff see every account.
    expect((await file('productSupport', { ...ticket, deviceId: foreign.id })).statusCode).toBe(
      201,
    );
  });

  it('defaults the priority to Medium and keeps hand-typed serials without a device', async () => {
    const res = await file('credentialed', {
      type: 'Question',
      subType: 'Billing',
      subject: 'Invoice',
      description: 'Which plan am I on?',
      modemSerial: 'GM123',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ priority: 'Medium', modemSerial: 'GM123', deviceId: null });
  });

  it.each([
    [{ ...ticket, type: undefined }, 'type', 'Type is required.'],
    [{ ...ticket, subType: '' }, 'subType', 'Sub type is required.'],
    [{ ...ticket, subject: '  ' }, 'subject', 'Subject is required.'],
    [{ ...ticket, description: undefined }, 'description', 'Description is required.'],
    [
      { ...ticket, description: 'x'.repeat(1001) },
      'description',
      'Description must be at most 1000 characters.',
    ],
    [{ ...ticket, impact: '' }, 'impact', 'Impact is required when the type is Problem.'],
    [{ ...ticket, subType: 'Other' }, 'otherExplanation', 'Please explain: Other is chosen.'],
    [
      { ...ticket, subType: 'Other', otherExplanation: 'y'.repeat(1001) },
      'otherExplanation',
      'Explanation must be at most 1000 characters.',
    ],
    [
      { ...ticket, type: 'Complaint' },
      'type',
      "Type is not one of the support configuration's options.",
    ],
    [{ ...ticket, subType: 'Billing' }, 'subType', 'Sub type is not one of'],
    [{ ...ticket, priority: 'Whenever' }, 'priority', 'Priority is not one of'],
    [{ ...ticket, impact: 'Galaxy' }, 'impact', 'Impact is not one of'],
    [{ ...ticket, subject: 'a\u0000b' }, 'subject', 'NUL'],
    [{ ...ticket, deviceId: 'not-a-uuid' }, 'deviceId', ''],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const res = await file('accountAdmin', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(message);
  });

  it('lists tickets newest first for staff, who answer and close them; others get 403', async () => {
    const created = ticketSchema.parse((await file('accountAdmin', ticket)).json());
    for (const role of STAFF_ROLES) {
      const res = await api.call(role, 'GET', '/v2/support/tickets', { query: { take: '5' } });
      expect(res.statusCode, role).toBe(200);
      expect(ticketListSchema.parse(res.json()).items[0]!.id, role).toBe(created.id);
    }
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      expect((await api.call(role, 'GET', '/v2/support/tickets')).statusCode, role).toBe(403);
      const put = await api.call(role, 'PUT', `/v2/support/tickets/${created.id}`, {
        body: { status: 'closed' },
      });
      expect(put.statusCode, role).toBe(403);
    }
    const answered = await api.call('salesSupport', 'PUT', `/v2/support/tickets/${created.id}`, {
      body: { status: 'answered' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ id: created.id, status: 'answered' });
    const open = await api.call('superUser', 'GET', '/v2/support/tickets', {
      query: { status: 'open', take: '100' },
    });
    expect(ticketListSchema.parse(open.json()).items.map((t) => t.id)).not.toContain(created.id);

    const missing = await api.call(
      'superUser',
      'PUT',
      '/v2/support/tickets/00000000-0000-4000-8000-000000000000',
      {
        body: { status: 'closed' },
      },
    );
    expect(missing.statusCode).toBe(404);
    const bad = await api.call('superUser', 'PUT', `/v2/support/tickets/${created.id}`, {
      body: { status: 'solved' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status');
  });
});
