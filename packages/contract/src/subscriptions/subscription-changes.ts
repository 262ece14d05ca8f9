import { z } from 'zod';
import { UNLIMITED_DATA_LIMIT_GB } from '../reference/reference.js';

/**
 * Changes to subscriptions (spec 001 §7 `/v2.1/subscriptions` writes, §5 rules; issue 17;
 * docs/decisions/036-subscription-changes.md): edit, create, cancel, delete, transfer to
 * another account (pending until provider staff complete it, cancellable) and the pool of terminals sharing one.
 */

/** At most this many terminals share one subscription (the pooling terms, spec 002 §9). */
export const SUBSCRIPTION_POOL_MAX = 10;
export const SUBSCRIPTION_DESCRIPTION_MAX = 200;
/** Subscription numbers, NMS ids, network names and CRM ids. */
export const SUBSCRIPTION_CODE_MAX = 64;
/** Networks one subscription names at most. */
export const SUBSCRIPTION_NETWORKS_MAX = 10;
export const EMAIL_MAX = 254;

/** Texts of the subscription changes, shared by the server's 4xx and the web's forms. */
export const subscriptionChangeMessages = {
  required: (field: string) => `${field} is required.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  dataLimit: `The data limit must be a whole number of GB from 1 to ${UNLIMITED_DATA_LIMIT_GB} (${UNLIMITED_DATA_LIMIT_GB}: Unlimited).`,
  endBeforeStart: 'The end date must be after the start date.',
  nothingToChange: 'Nothing to change: give at least one field.',
  fieldsNotYours: (fields: readonly string[]) =>
    `Your role may not change ${fields.join(', ')}: only the description.`,
  unknownProduct: 'This product is not one of the subscription products.',
  email: 'Enter a valid email address.',
  unknownRecipient: 'No portal user has this email address.',
  sameAccount: 'This user belongs to the account that already holds the subscription.',
  transferPending: 'A transfer of this subscription is already pending: cancel it first.',
  noTransfer: 'No transfer of this subscription is pending.',
  recipientGone: 'The user this transfer was offered to no longer exists: cancel it.',
  poolTooLarge: `At most ${SUBSCRIPTION_POOL_MAX} terminals can share one subscription.`,
  poolDuplicate: 'A terminal is listed twice.',
  poolUnknownDevice: (id: string) => `Device ${id} was not found in your fleet.`,
  poolOtherAccount: (name: string) =>
    `${name} belongs to another account than the subscription: transfer one of them first.`,
  alreadyEnded: 'This subscription has already ended.',
  notDeletable:
    'A subscription that has had terminals or usage cannot be deleted: cancel it instead.',
  ended: 'The subscription has ended: it can no longer be changed.',
} as const;

const m = subscriptionChangeMessages;
const isoDate = z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date and time.' });

const text = (field: string, max: number) =>
  z
    .string({ error: () => `${field} must be text.` })
    .trim()
    .min(1, m.required(field))
    .max(max, m.tooLong(field, max));

const dataLimit = z
  .number({ error: () => m.dataLimit })
  .int(m.dataLimit)
  .min(1, m.dataLimit)
  .max(UNLIMITED_DATA_LIMIT_GB, m.dataLimit);

const networks = z
  .array(text('Network', SUBSCRIPTION_CODE_MAX))
  .max(SUBSCRIPTION_NETWORKS_MAX, `At most ${SUBSCRIPTION_NETWORKS_MAX} networks.`);

/** The fields of a subscription's terms: only the managing roles change them. */
const termsShape = {
  subscriptionNumber: text('Subscription number', SUBSCRIPTION_CODE_MAX).nullable(),
  dataLimitInGb: dataLimit.nullable(),
  startDate: isoDate,
  endDate: isoDate,
  networkIdentifiers: networks.nullable(),
  nmsId: text('NMS id', SUBSCRIPTION_CODE_MAX).nullable(),
  salesforceObjectId: text('Salesforce ID', SUBSCRIPTION_CODE_MAX).nullable(),
  salesforceAccountId: text('Salesforce Account ID', SUBSCRIPTION_CODE_MAX).nullable(),
};

/** What an account's own users may change (`subscriptions.edit` without `subscriptions.manage`). */
export const SUBSCRIPTION_ACCOUNT_EDITABLE = ['description'] as const;

/**
 * `PUT /v2.1/subscriptions/{id}/edit`: the fields to change, the others kept. Unknown fields are
 * refused (a typo must not look like a success). A null clears a field (which may make the
 * subscription malformed, spec 001 §3: the form says so).
 */
export const editSubscriptionSchema = z
  .strictObject({
    description: text('Description', SUBSCRIPTION_DESCRIPTION_MAX),
    ...termsShape,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: m.nothingToChange })
  .refine((b) => !b.startDate || !b.endDate || Date.parse(b.startDate) < Date.parse(b.endDate), {
    message: m.endBeforeStart,
    path: ['endDate'],
  });
export type EditSubscription = z.infer<typeof editSubscriptionSchema>;
export type SubscriptionEditableField = keyof EditSubscription;

/** `POST /v2.1/subscriptions`: a new subscription of a product for an account. */
export const createSubscriptionSchema = z
  .strictObject({
    accountId: z.uuid('The account id is not valid.'),
    productCode: text('Product', SUBSCRIPTION_CODE_MAX),
    /** The product's name unless given. */
    description: text('Description', SUBSCRIPTION_DESCRIPTION_MAX).optional(),
    startDate: isoDate,
    endDate: isoDate,
    /** The product's data limit unless given. */
    dataLimitInGb: dataLimit.optional(),
    subscriptionNumber: termsShape.subscriptionNumber.optional(),
    networkIdentifiers: networks.optional(),
    nmsId: termsShape.nmsId.optional(),
    salesforceObjectId: termsShape.salesforceObjectId.optional(),
    salesforceAccountId: termsShape.salesforceAccountId.optional(),
  })
  .refine((b) => Date.parse(b.startDate) < Date.parse(b.endDate), {
    message: m.endBeforeStart,
    path: ['endDate'],
  });
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;

/** `PUT /v2.1/subscriptions/{id}`: a change of the subscription's state; today: cancel it now. */
export const subscriptionStateSchema = z.strictObject({
  status: z.literal('Cancelled', { error: () => "status must be 'Cancelled'." }),
});
export type SubscriptionStateChange = z.infer<typeof subscriptionStateSchema>;

/** `PUT /v2.1/subscriptions/{id}/transfer`: to the account of the user with this email. */
export const transferSubscriptionSchema = z.strictObject({
  email: z
    .string({ error: () => m.email })
    .trim()
    .max(EMAIL_MAX, m.tooLong('Email', EMAIL_MAX))
    .pipe(z.email(m.email)),
});
export type TransferSubscription = z.infer<typeof transferSubscriptionSchema>;

/** `PUT /v2.1/subscriptions/{id}/pool`: the terminals (device ids) that share it, all of them. */
export const subscriptionPoolSchema = z.strictObject({
  remotes: z
    .array(z.uuid('A terminal id is not valid.'), { error: () => 'remotes must be a list of ids.' })
    .max(SUBSCRIPTION_POOL_MAX, m.poolTooLarge)
    .refine(
      (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
      m.poolDuplicate,
    ),
});
export type SubscriptionPool = z.infer<typeof subscriptionPoolSchema>;

export const subscriptionChangeActions = [
  'create',
  'edit',
  'cancel',
  'transfer',
  'cancelTransfer',
  'acceptTransfer',
  'pool',
] as const;
export type SubscriptionChangeAction = (typeof subscriptionChangeActions)[number];

/** One recorded change: who, when, what (issue 17). */
export const subscriptionChangeSchema = z.object({
  id: z.uuid(),
  action: z.enum(subscriptionChangeActions),
  at: z.iso.datetime({ offset: true }),
  /** The user's name as it was then. */
  actorName: z.string(),
  /** Field changes with their values before and after; the pool's terminals; a transfer's email. */
  changes: z.array(
    z.object({
      field: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
});
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

export const SUBSCRIPTION_CHANGES_MAX_TAKE = 100;
export const subscriptionChangesQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  take: z.coerce.number().int().min(1).max(SUBSCRIPTION_CHANGES_MAX_TAKE).default(20),
});
export const subscriptionChangeListSchema = z.object({
  items: z.array(subscriptionChangeSchema),
  count: z.number().int().min(0),
});
export type SubscriptionChangeList = z.infer<typeof subscriptionChangeListSchema>;
