import type pg from 'pg';
import type { CreateTicketParsed, TicketStatus } from '@aerie/contract';
import type { supportTickets } from '../../db/schema.js';

type Columns = typeof supportTickets.$inferSelect;

export type TicketRow = Omit<Columns, 'mailId'> & { accountName: string };

export type NewTicket = Omit<CreateTicketParsed, 'deviceId'> & {
  deviceId: string | null;
  deviceName: string | null;
  accountId: string;
  createdBy: string | null;
  createdByName: string;
  createdByEmail: string;
};

const COLUMNS = `t.id, t.number, t.status, t.type, t.sub_type as "subType", t.priority,
  t.other_explanation as "otherExplanation", t.impact, t.subject, t.description,
  t.device_id as "deviceId", t.device_name as "deviceName", t.antenna_serial as "antennaSerial",
  t.modem_serial as "modemSerial", t.account_id as "accountId", a.name as "accountName",
  t.created_by as "createdBy", t.created_by_name as "createdByName",
  t.created_by_email as "createdByEmail", t.created_at as "createdAt", t.updated_at as "updatedAt"`;

export function createSupportRepository(pool: Pick<pg.Pool, 'query'>) {
  async function find(id: string): Promise<TicketRow | null> {
    const { rows } = await pool.query<TicketRow>(
      `select ${COLUMNS} from support_tickets t join accounts a on a.id = t.account_id
        where t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  return {
    find,

    async insert(t: NewTicket): Promise<TicketRow> {
      const { rows } = await pool.query<{ id: string }>(
        `insert into support_tickets (type, sub_type, priority, other_explanation, impact, subject,
           description, device_id, device_name, antenna_serial, modem_serial, account_id,
           created_by, created_by_name, created_by_email)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
        [
          t.type,
          t.subType,
          t.priority,
          t.otherExplanation,
          t.impact,
          t.subject,
          t.description,
          t.deviceId,
          t.deviceName,
          t.antennaSerial,
          t.modemSerial,
          t.accountId,
          t.createdBy,
          t.createdByName,
          t.createdByEmail,
        ],
      );
      return (await find(rows[0]!.id))!;
    },

    async setMail(id: string, mailId: string): Promise<void> {
      await pool.query('update support_tickets set mail_id = $2 where id = $1', [id, mailId]);
    },

    /** One conditional statement: answers null when the ticket does not exist. */
    async setStatus(id: string, status: TicketStatus): Promise<TicketRow | null> {
      const { rowCount } = await pool.query(
        `update support_tickets set status = $2, updated_at = now() where id = $1`,
        [id, status],
      );
      return rowCount === 1 ? find(id) : null;
    },

    async page(
      status: TicketStatus | undefined,
      skip: number,
      take: number,
    ): Promise<{ rows: TicketRow[]; count: number }> {
      const where = status ? 'where t.status = $3' : '';
      const params: unknown[] = [take, skip];
      if (status) params.push(status);
      const [page, total] = await Promise.all([
        pool.query<TicketRow>(
          `select ${COLUMNS} from support_tickets t join accounts a on a.id = t.account_id
           ${where} order by t.created_at desc, t.id desc limit $1 offset $2`,
          params,
        ),
        pool.query<{ n: number }>(
          `select count(*)::int as n from support_tickets t ${status ? 'where t.status = $1' : ''}`,
          status ? [status] : [],
        ),
      ]);
      return { rows: page.rows, count: total.rows[0]!.n };
    },

    /** The name and email of the user filing a ticket. */
    async user(id: string): Promise<{ name: string; email: string } | null> {
      const { rows } = await pool.query<{ name: string; email: string }>(
        `select trim(first_name || ' ' || last_name) as name, email from users where id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
