import { createHash } from 'node:crypto';
import type { CredentialThrottleRepository } from './credential-throttle.repository.js';

/**
 * How one bucket slows guessing: `free` attempts without a wait, then a wait of `firstWaitMs`
 * that doubles with each further attempt up to `maxWaitMs`. A bucket left alone for
 * `forgetAfterMs` starts again from zero.
 */
export interface BackoffPolicy {
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

const MINUTE = 60_000;

/** The numbers of docs/security.md ("Throttled guessing"). */
export const THROTTLE_POLICIES = {
  /** One address guessing one login name or one client id: a long back-off. */
  guesser: { free: 5, firstWaitMs: 15_000, maxWaitMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  /** One account, from every address together: never more than a short delay. */
  account: { free: 20, firstWaitMs: 1_000, maxWaitMs: 30_000, forgetAfterMs: 15 * MINUTE },
} as const satisfies Record<string, BackoffPolicy>;

/** The longest a bucket is remembered: the housekeeping purge deletes older ones. */
export const THROTTLE_FORGET_AFTER_MS = Math.max(
  ...Object.values(THROTTLE_POLICIES).map((p) => p.forgetAfterMs),
);

/** A bucket as stored (times from the throttle's clock). */
export interface BucketState {
  attempts: number;
  lastAttemptAt: Date;
  /** No attempt is allowed before this. */
  nextAttemptAt: Date;
}

/**
 * One counter an attempt passes through. On success a `forget` bucket is deleted (the guesser
 * was the user) and an `undo` bucket takes the attempt back (it counts failures only).
 */
export interface Bucket {
  key: string;
  policy: BackoffPolicy;
  onSuccess: 'forget' | 'undo';
}

/** A bucket key: the parts hashed, so no address or name is stored in clear. */
export function bucketKey(kind: string, ...parts: string[]): string {
  return createHash('sha256')
    .update([kind, ...parts].join('\n'))
    .digest('base64url');
}

/** The wait after the `attempts`-th attempt, in ms. */
export function backoffMs(policy: BackoffPolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxWaitMs, policy.firstWaitMs * 2 ** (attempts - policy.free));
}

function forgotten(state: BucketState, now: number, policy: BackoffPolicy): boolean {
  return (
    now >= state.lastAttemptAt.getTime() + policy.forgetAfterMs &&
    now >= state.nextAttemptAt.getTime()
  );
}

/** How long an attempt must still wait, in ms; 0 when it may go ahead. */
export function waitMs(state: BucketState | null, now: number, policy: BackoffPolicy): number {
  if (!state || forgotten(state, now, policy)) return 0;
  return Math.max(0, state.nextAttemptAt.getTime() - now);
}

/** The bucket once an attempt at `now` is counted. */
export function afterAttempt(
  state: BucketState | null,
  now: number,
  policy: BackoffPolicy,
): BucketState {
  const attempts = (!state || forgotten(state, now, policy) ? 0 : state.attempts) + 1;
  return {
    attempts,
    lastAttemptAt: new Date(now),
    nextAttemptAt: new Date(now + backoffMs(policy, attempts)),
  };
}

export type ThrottleAnswer =
  | { allowed: false; waitSeconds: number }
  | {
      allowed: true;
      /** Tells the throttle how the attempt ended: a success forgets or takes it back. */
      settle: (succeeded: boolean) => Promise<void>;
    };

// Concurrent attempts on one bucket retry their compare-and-set a few times, then give up.
const MAX_TRIES = 8;

/**
 * Throttled guessing of credentials (sign-in, change of password, client secrets), kept in
 * the database so every instance and a restart see the same counts. An attempt is counted
 * before the credentials are checked, so parallel attempts cannot share one allowance, and a
 * refused attempt counts nothing.
 */
export function createCredentialThrottle(
  repo: CredentialThrottleRepository,
  now: () => number = Date.now,
) {
  return {
    async attempt(buckets: readonly Bucket[]): Promise<ThrottleAnswer> {
      const at = now();
      const refused = (ms: number) => ({
        allowed: false as const,
        waitSeconds: Math.max(1, Math.ceil(ms / 1000)),
      });
      const states = await Promise.all(buckets.map((b) => repo.get(b.key)));
      const wait = Math.max(0, ...buckets.map((b, i) => waitMs(states[i] ?? null, at, b.policy)));
      if (wait > 0) return refused(wait);

      const counted: { bucket: Bucket; previous: BucketState | null; next: BucketState }[] = [];
      for (const [i, bucket] of buckets.entries()) {
        let previous = states[i] ?? null;
        for (let tries = 0; ; tries++) {
          // Another attempt may have taken the allowance since the first read: this one waits
          // (the buckets already counted stay counted: erring on the side of the throttle).
          const left = waitMs(previous, at, bucket.policy);
          if (left > 0 || tries === MAX_TRIES) return refused(left);
          const next = afterAttempt(previous, at, bucket.policy);
          if (await repo.replace(bucket.key, previous, next)) {
            counted.push({ bucket, previous, next });
            break;
          }
          previous = await repo.get(bucket.key);
        }
      }
      return {
        allowed: true,
        async settle(succeeded) {
          if (!succeeded) return;
          for (const { bucket, previous, next } of counted) {
            if (bucket.onSuccess === 'forget') await repo.remove(bucket.key);
            // Best effort: after another attempt in the meantime the count stays.
            else await repo.replace(bucket.key, next, previous);
          }
        },
      };
    },
  };
}
export type CredentialThrottle = ReturnType<typeof createCredentialThrottle>;
