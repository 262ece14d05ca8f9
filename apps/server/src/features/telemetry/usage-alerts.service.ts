import { isStaffRole, rolesWith } from '@aerie/contract';
import type { AppServices } from '../feature.js';
import { USAGE_ALERT_MESSAGES } from './usage-alerts.messages.js';
import type { ClaimedUsageAlert, UsageAlertsRepository } from './usage-alerts.repository.js';

/** A worker that took an alert and went silent this long ago loses it to the next worker. */
export const USAGE_ALERT_LEASE_SECONDS = 60;

// Told of an alert: the roles that see subscriptions; staff see every account, the others
// the subscriptions of their account trees (decision 007).
const VIEWERS = rolesWith('subscriptions.view');
const STAFF_VIEWERS = VIEWERS.filter((role) => isStaffRole(role));
const ACCOUNT_VIEWERS = VIEWERS.filter((role) => !isStaffRole(role));

export interface UsageAlertNotifierDeps {
  repo: UsageAlertsRepository;
  publishNotification: AppServices['publishNotification'];
  log: { warn(obj: object, msg: string): void };
  leaseSeconds?: number;
}

/**
 * Sends the notifications of recorded usage alerts (docs/decisions/038-usage-alerts.md): the
 * worker of the usage-alerts queue drains the alerts still to notify, one at a time.
 */
export function createUsageAlertNotifier({
  repo,
  publishNotification,
  log,
  leaseSeconds = USAGE_ALERT_LEASE_SECONDS,
}: UsageAlertNotifierDeps) {
  async function notify(alert: ClaimedUsageAlert): Promise<void> {
    const label = USAGE_ALERT_MESSAGES.label(alert);
    const recipients = await repo.recipients(alert.accountId, STAFF_VIEWERS, ACCOUNT_VIEWERS);
    for (const userId of recipients) {
      await publishNotification(userId, {
        name: USAGE_ALERT_MESSAGES.name,
        type: 'warning',
        label,
        entityType: 'subscriptions',
        entityId: alert.subscriptionId,
      });
    }
  }

  return {
    /**
     * Notifies every alert still to notify; answers how many. An alert whose notifying fails is
     * given back and the call throws, so the queue retries it later; so does a call that finds
     * only alerts another worker holds (they are notified, or taken over once their lease ends).
     */
    async drain(signal: AbortSignal): Promise<number> {
      let sent = 0;
      for (;;) {
        signal.throwIfAborted();
        const alert = await repo.claimNext(leaseSeconds);
        if (!alert) break;
        try {
          signal.throwIfAborted();
          await notify(alert);
        } catch (error) {
          await repo.release(alert).catch((err: unknown) => {
            log.warn({ err, alert }, 'could not give a usage alert back');
          });
          throw error;
        }
        await repo.markNotified(alert);
        sent++;
      }
      if (await repo.hasPending()) {
        throw new Error('Usage alerts another worker took are not notified yet.');
      }
      return sent;
    },
  };
}
export type UsageAlertNotifier = ReturnType<typeof createUsageAlertNotifier>;
