import { createHash } from 'node:crypto';
import { normalizeEmail } from '../features/users/index.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';

export const THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 } as const;

/** Names that cannot be a login email share one key: no user has any of them. */
function keyFor(login: string): string {
  return createHash('sha256')
    .update(normalizeEmail(login) ?? '\u0000not-a-login-name')
    .digest('base64url');
}

/**
 * Counts failed sign-ins per login name (existing or not, so the lock reveals
 * nothing) and locks the name for a while after too many.
 */
export function createLoginThrottle(repo: LoginThrottleRepository, now: () => number = Date.now) {
  return {
    /** How long the name stays locked, in whole seconds rounded up; 0 when it is not locked. */
    async lockedForSeconds(login: string): Promise<number> {
      const until = await repo.lockedUntil(keyFor(login));
      return until ? Math.max(0, Math.ceil((until.getTime() - now()) / 1000)) : 0;
    },

    async recordFailure(login: string): Promise<void> {
      await repo.recordFailure(keyFor(login), {
        at: new Date(now()),
        windowStart: new Date(now() - THROTTLE.windowMs),
        lockUntil: new Date(now() + THROTTLE.lockMs),
        maxFailures: THROTTLE.maxFailures,
      });
    },

    async reset(login: string): Promise<void> {
      await repo.remove(keyFor(login));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
