import { normalizeEmail, type UsersRepository } from '../features/users/index.js';
import { throttleAddress } from './client-address.js';
import {
  bucketKey,
  THROTTLE_POLICIES,
  type Bucket,
  type CredentialThrottle,
} from './credential-throttle.js';
import type { KnownBrowsers } from './known-browsers.js';
import { decoyHash, verifyPassword } from './passwords.js';

export type CredentialCheck =
  | { outcome: 'valid'; userId: string }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; waitSeconds: number };

export interface SignInAttempt {
  email: string;
  password: string;
  /** The caller's address as the server sees it (Fastify's `request.ip`, TRUST_PROXY aware). */
  ip: string;
  /** The request's Cookie header (a known browser skips the account-wide ceiling). */
  cookie: string | undefined;
}

/**
 * Checks an email and password under the throttle, for the sign-in and change-password forms.
 * Two buckets count an attempt: the caller's address with the login name (a long back-off),
 * and the account (the user's id, or the name when no user has it, so the answer is the same
 * either way) with a short ceiling that a browser the user signed in with before skips.
 */
export function createSignInGuard(o: {
  users: UsersRepository;
  throttle: CredentialThrottle;
  knownBrowsers: KnownBrowsers;
}) {
  return {
    async check(attempt: SignInAttempt): Promise<CredentialCheck> {
      const loginName = normalizeEmail(attempt.email) ?? '';
      const user = loginName ? await o.users.findByEmail(loginName) : null;
      const buckets: Bucket[] = [
        {
          key: bucketKey('sign-in', throttleAddress(attempt.ip), loginName),
          policy: THROTTLE_POLICIES.guesser,
          onSuccess: 'forget',
        },
      ];
      if (!user || o.knownBrowsers.userOf(attempt.cookie) !== user.id) {
        buckets.push({
          key: user ? bucketKey('account', user.id) : bucketKey('account-name', loginName),
          policy: THROTTLE_POLICIES.account,
          onSuccess: 'undo',
        });
      }
      const answer = await o.throttle.attempt(buckets);
      if (!answer.allowed) return { outcome: 'throttled', waitSeconds: answer.waitSeconds };

      // The same cost whether or not the user exists: a decoy hash stands in.
      const usable = user && !user.disabled && user.loginType === 'Local' && user.passwordHash;
      const matches = await verifyPassword(
        attempt.password,
        usable ? user.passwordHash! : await decoyHash(),
      );
      const valid = Boolean(usable && matches);
      await answer.settle(valid);
      return valid && user ? { outcome: 'valid', userId: user.id } : { outcome: 'invalid' };
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
