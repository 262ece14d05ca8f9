import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import { subscriptionIdParamsSchema, subscriptionSchema } from '../subscriptions/subscription.js';
import {
  createSubscriptionSchema,
  editSubscriptionSchema,
  subscriptionChangeListSchema,
  subscriptionChangesQuerySchema,
  subscriptionPoolSchema,
  subscriptionStateSchema,
  transferSubscriptionSchema,
} from '../subscriptions/subscription-changes.js';

const view = { kind: 'permission', permission: 'subscriptions.view', check: 'object' } as const;
/** Changes an account's own users may make (docs/decisions/036-subscription-changes.md). */
const edit = { kind: 'permission', permission: 'subscriptions.edit', check: 'object' } as const;
/** The provider's commercial changes. */
const manage = { kind: 'permission', permission: 'subscriptions.manage', check: 'object' } as const;

/**
 * Changes to subscriptions (spec 001 §7, the `/v2.1/subscriptions` writes; issue 17;
 * docs/decisions/036-subscription-changes.md): an area of its own, so the pages that only read
 * subscriptions (a device's history) do not carry these schemas.
 */
export const subscriptionChangesEndpoints = {
  // Each answers the subscription as it is after the change, and is recorded with who and when.
  edit: endpoint({
    method: 'PUT',
    path: '/v2.1/subscriptions/{id}/edit',
    tags: ['subscriptions'],
    summary:
      'Change fields of a subscription: the description (its account), the terms (provider staff)',
    access: edit,
    params: subscriptionIdParamsSchema,
    body: editSubscriptionSchema,
    responses: { 200: subscriptionSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/v2.1/subscriptions',
    tags: ['subscriptions'],
    summary: 'Create a subscription of a product for an account',
    access: { ...manage, check: 'route' },
    body: createSubscriptionSchema,
    responses: { 201: subscriptionSchema },
  }),
  setState: endpoint({
    method: 'PUT',
    path: '/v2.1/subscriptions/{id}',
    tags: ['subscriptions'],
    summary: 'Cancel a subscription now: it ends, and its terminals leave it',
    access: manage,
    params: subscriptionIdParamsSchema,
    body: subscriptionStateSchema,
    responses: { 200: subscriptionSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v2.1/subscriptions/{id}',
    tags: ['subscriptions'],
    summary: 'Delete a subscription made by mistake (never had terminals or usage)',
    access: manage,
    params: subscriptionIdParamsSchema,
    responses: { 204: z.null() },
  }),
  transfer: endpoint({
    method: 'PUT',
    path: '/v2.1/subscriptions/{id}/transfer',
    tags: ['subscriptions'],
    summary: "Offer a subscription to another account's user; pending until they accept",
    access: edit,
    params: subscriptionIdParamsSchema,
    body: transferSubscriptionSchema,
    responses: { 200: subscriptionSchema },
  }),
  cancelTransfer: endpoint({
    method: 'DELETE',
    path: '/v2.1/subscriptions/{id}/transfer',
    tags: ['subscriptions'],
    summary: 'Cancel the pending transfer of a subscription (clears pendingTransferEmail)',
    access: edit,
    params: subscriptionIdParamsSchema,
    responses: { 200: subscriptionSchema },
  }),
  acceptTransfer: endpoint({
    method: 'POST',
    path: '/v2.1/subscriptions/{id}/transfer/accept',
    tags: ['subscriptions'],
    summary:
      'Complete a pending transfer (provider staff): the subscription and its terminals move to the recipient’s account',
    access: manage,
    params: subscriptionIdParamsSchema,
    responses: { 200: subscriptionSchema },
  }),
  pool: endpoint({
    method: 'PUT',
    path: '/v2.1/subscriptions/{id}/pool',
    tags: ['subscriptions'],
    summary: 'Set the terminals that share a subscription (at most 10, of its account)',
    access: edit,
    params: subscriptionIdParamsSchema,
    body: subscriptionPoolSchema,
    responses: { 200: subscriptionSchema },
  }),
  changes: endpoint({
    method: 'GET',
    path: '/v2.1/subscriptions/{id}/changes',
    tags: ['subscriptions'],
    summary: 'The changes made to a subscription, newest first: who, when, what',
    access: view,
    params: subscriptionIdParamsSchema,
    query: subscriptionChangesQuerySchema,
    responses: { 200: subscriptionChangeListSchema },
  }),
} as const;
