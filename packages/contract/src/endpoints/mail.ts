import { endpoint } from '../http/endpoint.js';
import {
  mailIdParamsSchema,
  mailListQuerySchema,
  mailListSchema,
  mailMessageSchema,
} from '../mail/mail.js';

/** The outbox (docs/decisions/033-mail.md): the portal's mail, for staff with mail.view. */
const view = { kind: 'permission', permission: 'mail.view', check: 'route' } as const;

export const mailEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/admin/mail',
    tags: ['mail'],
    summary: 'The mail the portal sent or keeps in its outbox, newest first',
    access: view,
    query: mailListQuerySchema,
    responses: { 200: mailListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v2/admin/mail/{id}',
    tags: ['mail'],
    summary: 'One message with its body and delivery state',
    access: view,
    params: mailIdParamsSchema,
    responses: { 200: mailMessageSchema },
  }),
} as const;
