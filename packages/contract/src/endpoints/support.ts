import { endpoint } from '../http/endpoint.js';
import {
  createTicketSchema,
  supportConfigSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketSchema,
  updateTicketSchema,
} from '../support/support.js';

/**
 * Support tickets (spec 000 §2.8, §7; docs/decisions/034-support-tickets.md): every signed-in
 * user files tickets for their accounts; staff with support.tickets read and answer them.
 */
const staff = { kind: 'permission', permission: 'support.tickets', check: 'route' } as const;

export const supportEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/v2/support/config',
    tags: ['support'],
    summary: "The ticket form's option lists (the support configuration file)",
    access: { kind: 'signedIn' },
    responses: { 200: supportConfigSchema },
  }),
  createTicket: endpoint({
    method: 'POST',
    path: '/v2/support/ticket',
    tags: ['support'],
    summary: 'File a support ticket (mailed to the support address)',
    access: { kind: 'signedIn' },
    body: createTicketSchema,
    responses: { 201: ticketSchema },
  }),
  tickets: endpoint({
    method: 'GET',
    path: '/v2/support/tickets',
    tags: ['support'],
    summary: 'Support tickets, newest first',
    access: staff,
    query: ticketListQuerySchema,
    responses: { 200: ticketListSchema },
  }),
  updateTicket: endpoint({
    method: 'PUT',
    path: '/v2/support/tickets/{id}',
    tags: ['support'],
    summary: "Change a ticket's status (open, answered, closed)",
    access: staff,
    params: ticketIdParamsSchema,
    body: updateTicketSchema,
    responses: { 200: ticketSchema },
  }),
} as const;
