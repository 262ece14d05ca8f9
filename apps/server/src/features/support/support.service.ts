import {
  api,
  ticketMessages,
  type CreateTicketParsed,
  type SupportConfig,
  type Ticket,
  type TicketList,
  type TicketListQuery,
  type TicketStatus,
} from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, NotFoundError } from '../../plugins/errors.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { Mailer } from '../mail/index.js';
import type { SupportRepository, TicketRow } from './support.repository.js';

export function ticketNumber(n: number): string {
  return `TCK-${String(n).padStart(6, '0')}`;
}

export function presentTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    number: ticketNumber(row.number),
    status: row.status,
    type: row.type,
    subType: row.subType,
    priority: row.priority,
    otherExplanation: row.otherExplanation,
    impact: row.impact,
    subject: row.subject,
    description: row.description,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    antennaSerial: row.antennaSerial,
    modemSerial: row.modemSerial,
    accountId: row.accountId,
    accountName: row.accountName,
    createdBy: { id: row.createdBy, name: row.createdByName, email: row.createdByEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The mail support receives: every field, who filed it and how to answer. */
export function ticketMail(ticket: Ticket, config: SupportConfig, brand: string) {
  const label = (list: { value: string; displayName: string }[], value: string) =>
    list.find((o) => o.value === value)?.displayName ?? value;
  const type = config.types.find((t) => t.value === ticket.type);
  const lines = [
    `${ticket.number}: ${ticket.subject}`,
    '',
    `Type: ${label(config.types, ticket.type)} / ${label(type?.subTypes ?? [], ticket.subType)}`,
    `Priority: ${label(config.priorities, ticket.priority)}`,
    ...(ticket.impact ? [`Impact: ${label(config.impacts, ticket.impact)}`] : []),
    ...(ticket.otherExplanation ? [`Explanation: ${ticket.otherExplanation}`] : []),
    `Account: ${ticket.accountName}`,
    `Filed by: ${ticket.createdBy.name} <${ticket.createdBy.email}>`,
    ...(ticket.deviceName ? [`Device: ${ticket.deviceName} (${ticket.deviceId})`] : []),
    ...(ticket.antennaSerial ? [`Antenna serial: ${ticket.antennaSerial}`] : []),
    ...(ticket.modemSerial ? [`Modem serial: ${ticket.modemSerial}`] : []),
    '',
    ticket.description,
  ];
  return {
    subject: `[${brand} ${ticket.number}] ${ticket.subject}`,
    body: lines.join('\n'),
  };
}

export interface SupportServiceOptions {
  repo: SupportRepository;
  authorize: Authorize;
  deviceInScope: DeviceInScope;
  mailer: Mailer;
  config: SupportConfig;
  supportEmail: string;
  brand: string;
}

/** Support tickets (docs/decisions/034-support-tickets.md). */
export function createSupportService(o: SupportServiceOptions) {
  /** Each list value must be one of the configuration's (400 naming the field). */
  function checkOptions(t: CreateTicketParsed): void {
    const type = o.config.types.find((x) => x.value === t.type);
    if (!type) throw new BadRequestError(ticketMessages.unknownOption('Type'), 'type');
    if (!type.subTypes.some((x) => x.value === t.subType)) {
      throw new BadRequestError(ticketMessages.unknownOption('Sub type'), 'subType');
    }
    if (!o.config.priorities.some((x) => x.value === t.priority)) {
      throw new BadRequestError(ticketMessages.unknownOption('Priority'), 'priority');
    }
    if (t.impact && !o.config.impacts.some((x) => x.value === t.impact)) {
      throw new BadRequestError(ticketMessages.unknownOption('Impact'), 'impact');
    }
  }

  return {
    config: (): SupportConfig => o.config,

    /**
     * Files a ticket: the device (if any) must be in the caller's accounts (404 otherwise); its
     * Antenna and GeoModem serials are the ticket's. The ticket belongs to the device's account,
     * or the caller's. Support gets a mail, sent in the background.
     */
    async create(principal: Principal, body: CreateTicketParsed): Promise<Ticket> {
      const { scope } = await o.authorize(principal, api.support.createTicket.access);
      checkOptions(body);
      let device = null;
      if (body.deviceId) {
        device = await o.deviceInScope(scope, body.deviceId);
        if (!device) throw new NotFoundError('Device not found.');
      }
      const serial = (type: string) =>
        device?.components.find((c) => c.type === type)?.serial ?? '';
      const user = (await o.repo.user(principal.userId)) ?? { name: 'API client', email: '' };
      const row = await o.repo.insert({
        ...body,
        deviceId: device?.id ?? null,
        deviceName: device?.name ?? null,
        antennaSerial: device ? serial('Antenna') : body.antennaSerial,
        modemSerial: device ? serial('GeoModem') : body.modemSerial,
        accountId: device?.accountId ?? principal.accountId,
        createdBy: principal.userId,
        createdByName: user.name,
        createdByEmail: user.email,
      });
      const ticket = presentTicket(row);
      const mail = ticketMail(ticket, o.config, o.brand);
      const { id: mailId } = await o.mailer.send({
        kind: 'support-ticket',
        to: [o.supportEmail],
        replyTo: user.email ? `${user.name} <${user.email}>` : null,
        subject: mail.subject,
        body: mail.body,
        createdBy: principal.userId,
      });
      await o.repo.setMail(row.id, mailId);
      return ticket;
    },

    async list(principal: Principal, q: TicketListQuery): Promise<TicketList> {
      await o.authorize(principal, api.support.tickets.access);
      const { rows, count } = await o.repo.page(q.status, q.skip, q.take);
      return { items: rows.map(presentTicket), count };
    },

    async setStatus(principal: Principal, id: string, status: TicketStatus): Promise<Ticket> {
      await o.authorize(principal, api.support.updateTicket.access);
      const row = await o.repo.setStatus(id, status);
      if (!row) throw new NotFoundError('Ticket not found.');
      return presentTicket(row);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
