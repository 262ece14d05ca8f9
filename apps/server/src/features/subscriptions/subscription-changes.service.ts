import {
  api,
  SUBSCRIPTION_ACCOUNT_EDITABLE,
  subscriptionChangeMessages as m,
  type CreateSubscription,
  type EditSubscription,
  type Subscription,
  type SubscriptionChangeList,
  type SubscriptionEditableField,
} from '@aerie/contract';
import { can, type AccessRule, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../plugins/errors.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { Mailer } from '../mail/index.js';
import type { PublishNotification } from '../notifications/index.js';
import { normalizeEmail } from '../users/index.js';
import type { SubscriptionChangesRepository } from './subscription-changes.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const NOT_FOUND = 'Subscription not found.';

export interface SubscriptionChangesDeps {
  repo: SubscriptionChangesRepository;
  /** The read side: every change answers the subscription as the caller now sees it. */
  reads: Pick<SubscriptionsService, 'get'>;
  authorize: Authorize;
  /**
   * The list's counts are cached under the `subscription` kind (decision 021): a change to what
   * a list counts (a subscription added or removed, its account, dates or searched text) clears
   * that kind on every instance, so the next list counts again.
   */
  caches: Pick<CacheRegistry, 'clear'>;
  mailer: Mailer;
  publishNotification: PublishNotification;
  /** The portal's name in mail (the brand). */
  brand: string;
}

/**
 * Changes to subscriptions (docs/decisions/036-subscription-changes.md): who may make which,
 * checked here; the repository makes each change in one conditional statement or a locked
 * transaction and records it with who and when.
 */
export function createSubscriptionChangesService({
  repo,
  reads,
  authorize,
  caches,
  mailer,
  publishNotification,
  brand,
}: SubscriptionChangesDeps) {
  const actor = (principal: Principal) => ({ userId: principal.userId });
  /**
   * After a change the list's counts may count differently and the top bar's answers may name
   * another account or description: both are read again.
   */
  const listsChanged = () => Promise.all([caches.clear('subscription'), caches.clear('search')]);

  /** The caller's scope once the subscription is found in it (404), then the role (403). */
  async function target(principal: Principal, rule: AccessRule, id: string): Promise<AccountScope> {
    const grant = await authorize(principal, rule);
    grant.found((await repo.exists(grant.scope, id)) ? id : null, NOT_FOUND);
    return grant.scope;
  }

  /** A change that found nothing after the check (deleted meanwhile) is a 404 too. */
  function present<T>(outcome: T | 'missing'): T {
    if (outcome === 'missing') throw new NotFoundError(NOT_FOUND);
    return outcome;
  }

  return {
    /** `PUT /v2.1/subscriptions/{id}/edit`: the description (its account), the terms (staff). */
    async edit(principal: Principal, id: string, body: EditSubscription): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.edit.access, id);
      const fields = Object.keys(body) as SubscriptionEditableField[];
      if (!can(principal, 'subscriptions.manage')) {
        const allowed: readonly string[] = SUBSCRIPTION_ACCOUNT_EDITABLE;
        const refused = fields.filter((field) => !allowed.includes(field));
        if (refused.length > 0) throw new ForbiddenError(m.fieldsNotYours(refused));
      }
      const outcome = await repo.edit(scope, id, body, actor(principal));
      if (outcome.kind === 'missing') throw new NotFoundError(NOT_FOUND);
      if (outcome.kind === 'endBeforeStart') throw new BadRequestError(m.endBeforeStart, 'endDate');
      await listsChanged();
      return reads.get(principal, id);
    },

    /** `POST /v2.1/subscriptions`: for an account the caller sees, of a known product. */
    async create(principal: Principal, body: CreateSubscription): Promise<Subscription> {
      const grant = await authorize(principal, api.subscriptionChanges.create.access);
      const requested = body.accountId.toLowerCase();
      // Staff see every account, even one that does not exist: that is a 404 too.
      if (!(await repo.accountExists(requested))) throw new NotFoundError('Account not found.');
      const accountId = grant.account(requested, 'Account not found.');
      const id = await repo.create(
        {
          accountId,
          productCode: body.productCode,
          description: body.description ?? null,
          startDate: body.startDate,
          endDate: body.endDate,
          dataLimitInGb: body.dataLimitInGb ?? null,
          subscriptionNumber: body.subscriptionNumber ?? null,
          networkIdentifiers: body.networkIdentifiers ?? null,
          nmsId: body.nmsId ?? null,
          salesforceObjectId: body.salesforceObjectId ?? null,
          salesforceAccountId: body.salesforceAccountId ?? null,
        },
        actor(principal),
      );
      if (!id) throw new BadRequestError(m.unknownProduct, 'productCode');
      await listsChanged();
      return reads.get(principal, id);
    },

    /** `PUT /v2.1/subscriptions/{id}`: cancel now (409 when it has already ended). */
    async cancel(principal: Principal, id: string): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.setState.access, id);
      const outcome = present(await repo.cancel(scope, id, actor(principal)));
      if (outcome === 'ended') throw new ConflictError(m.alreadyEnded);
      await listsChanged();
      return reads.get(principal, id);
    },

    /** `DELETE /v2.1/subscriptions/{id}`: only one that never had terminals or usage (else 409). */
    async delete(principal: Principal, id: string): Promise<void> {
      const scope = await target(principal, api.subscriptionChanges.delete.access, id);
      const outcome = present(await repo.delete(scope, id));
      if (outcome === 'used') throw new ConflictError(m.notDeletable);
      await listsChanged();
    },

    /**
     * `PUT /v2.1/subscriptions/{id}/transfer`: offers it to the account of the user with this
     * email, who is told in the portal and by mail; staff complete it. 400 for an unknown email
     * or a user of the same account, 409 while another transfer is pending.
     */
    async transfer(principal: Principal, id: string, email: string): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.transfer.access, id);
      const normalized = normalizeEmail(email);
      const recipient = normalized ? await repo.userByEmail(normalized) : null;
      if (!recipient) throw new BadRequestError(m.unknownRecipient, 'email');
      const before = await reads.get(principal, id);
      if (recipient.accountId === before.accountId)
        throw new BadRequestError(m.sameAccount, 'email');
      const outcome = present(
        await repo.startTransfer(scope, id, recipient.email, actor(principal)),
      );
      if (outcome === 'pending') throw new ConflictError(m.transferPending);
      const what = before.subscriptionNumber
        ? `${before.description} (${before.subscriptionNumber})`
        : before.description;
      const label = `${before.accountName} is transferring the subscription ${what} to your account. ${brand} completes the transfer; it then appears in your subscriptions.`;
      await publishNotification(recipient.userId, {
        name: 'SubscriptionTransfer',
        type: 'info',
        label,
      });
      await mailer.send({
        kind: 'subscription-transfer',
        to: [recipient.email],
        subject: `${brand}: a subscription is being transferred to you`,
        body: `Hello ${recipient.name},\n\n${label}\n`,
        createdBy: principal.userId,
      });
      return reads.get(principal, id);
    },

    /** `DELETE /v2.1/subscriptions/{id}/transfer`: clears the pending transfer (409: none). */
    async cancelTransfer(principal: Principal, id: string): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.cancelTransfer.access, id);
      const outcome = present(await repo.cancelTransfer(scope, id, actor(principal)));
      if (outcome === 'none') throw new ConflictError(m.noTransfer);
      return reads.get(principal, id);
    },

    /** `POST /v2.1/subscriptions/{id}/transfer/accept`: staff complete a pending transfer. */
    async completeTransfer(principal: Principal, id: string): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.acceptTransfer.access, id);
      const outcome = present(await repo.completeTransfer(scope, id, actor(principal)));
      if (outcome === 'none') throw new ConflictError(m.noTransfer);
      if (outcome === 'gone') throw new ConflictError(m.recipientGone);
      await listsChanged();
      return reads.get(principal, id);
    },

    /** `PUT /v2.1/subscriptions/{id}/pool`: the terminals that share it (of its account). */
    async pool(
      principal: Principal,
      id: string,
      remotes: readonly string[],
    ): Promise<Subscription> {
      const scope = await target(principal, api.subscriptionChanges.pool.access, id);
      const ids = remotes.map((r) => r.toLowerCase());
      const outcome = await repo.setPool(scope, id, ids, actor(principal));
      switch (outcome.kind) {
        case 'missing':
          throw new NotFoundError(NOT_FOUND);
        case 'ended':
          throw new ConflictError(m.ended);
        case 'unknownDevice':
          throw new BadRequestError(m.poolUnknownDevice(outcome.id), 'remotes');
        case 'otherAccount':
          throw new BadRequestError(m.poolOtherAccount(outcome.name), 'remotes');
        case 'set':
          return reads.get(principal, id);
      }
    },

    /** `GET /v2.1/subscriptions/{id}/changes`: who changed what, when; newest first. */
    async changes(
      principal: Principal,
      id: string,
      query: { skip: number; take: number },
    ): Promise<SubscriptionChangeList> {
      await target(principal, api.subscriptionChanges.changes.access, id);
      const { rows, count } = await repo.changes(id, query.skip, query.take);
      return {
        items: rows.map((r) => ({
          id: r.id,
          action: r.action,
          at: r.at.toISOString(),
          actorName: r.actorName,
          changes: r.details,
        })),
        count,
      };
    },
  };
}
export type SubscriptionChangesService = ReturnType<typeof createSubscriptionChangesService>;
