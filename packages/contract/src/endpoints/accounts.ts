import { endpoint } from '../http/endpoint.js';
import { accountListSchema } from '../accounts/accounts.js';

/** Accounts (docs/decisions/007-tenancy.md): every caller sees only the accounts of its scope. */
export const accountsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/accounts',
    tags: ['accounts'],
    summary: 'Accounts the caller can see',
    access: { kind: 'signedIn' },
    responses: { 200: accountListSchema },
  }),
  sharedWith: endpoint({
    method: 'GET',
    path: '/v2/accounts/sharedWith',
    tags: ['accounts'],
    summary: 'Accounts shared with the caller',
    access: { kind: 'signedIn' },
    responses: { 200: accountListSchema },
  }),
} as const;
