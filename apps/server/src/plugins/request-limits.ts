import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { TooManyRequestsError } from './errors.js';

/**
 * Per-caller limits of the API (docs/security.md, "Input, limits and races"): every write route
 * counts against a rate budget, heavy reads run under a concurrency limit. A caller is a user
 * (portal token) or an API client (client-credentials token: its own budget, apart from the
 * user who made it); a route without a caller (public) is keyed by address. Counters live in
 * this process: with several instances each allows its own budget.
 */

/** Which budget a write counts against. */
export type WriteBudget = 'writes' | 'feed' | 'ingest';

export interface RequestLimitsConfig {
  /** Writes per minute per caller, every write route without a budget of its own. */
  writesPerMinute: number;
  /** Feedback, browser telemetry and error reports together, per minute per caller. */
  feedPerMinute: number;
  /** Terminal report batches (`POST /v2/telemetry/reports`) per minute per caller. */
  ingestPerMinute: number;
  /** Heavy reads one caller may have running at once. */
  heavyPerCaller: number;
}

/** How a route is limited (a route extra; see plugins/endpoints.ts). */
export interface RouteLimits {
  /** The budget of a write; `false` for a POST that only reads. Default: writes for non-GET. */
  write?: WriteBudget | false;
  /** Whether this call (or this request of it) is a heavy read. */
  heavy?: boolean | ((request: FastifyRequest) => boolean);
}

export const LIMIT_MESSAGES = {
  writes: (seconds: number) =>
    `Too many changes in a short time. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  heavy: (max: number) =>
    `At most ${max} large requests (metrics, long lists, exports) may run at once per user. Try again when one has finished.`,
} as const;

/** A list page larger than this is a heavy read (the portal's pages hold at most 100 rows). */
export const LARGE_LIST_TAKE = 100;

/** For `heavy`: a list call asking for more than LARGE_LIST_TAKE rows (exports, the map). */
export function largeTake(request: FastifyRequest): boolean {
  const take = (request.query as { take?: unknown } | undefined)?.take;
  return typeof take === 'number' && take > LARGE_LIST_TAKE;
}

/** Seconds a caller refused for concurrency is told to wait. */
const HEAVY_RETRY_AFTER_SECONDS = 2;
/** Callers whose counters are kept (least recently seen go first). */
const TRACKED_CALLERS = 10_000;

export interface RequestLimits {
  /** The onRequest hook that counts a write against its budget (after authentication). */
  writeHook(budget: WriteBudget): onRequestAsyncHookHandler;
  /** Runs `work` as one of the caller's heavy reads, or refuses with 429 when they have too many. */
  heavy<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestLimits: RequestLimits;
  }
}

/** The caller a limit counts: the API client, the user, or the address of a public call. */
export function callerKey(request: FastifyRequest): string {
  let principal;
  try {
    principal = request.principal();
  } catch {
    return `address:${request.ip}`;
  }
  return principal.apiClientId ? `client:${principal.apiClientId}` : `user:${principal.userId}`;
}

/**
 * Registers the limits on an instance (the authenticated API scope): `@fastify/rate-limit`
 * counts writes in a fixed one-minute window per caller and budget; heavy reads are counted in
 * flight per caller. Routes registered through `route()` pick them up from `app.requestLimits`.
 */
export async function registerRequestLimits(
  app: FastifyInstance,
  config: RequestLimitsConfig,
): Promise<void> {
  // Routes may still ask for a limit of their own with `config.rateLimit` (global: false).
  await app.register(rateLimit, { global: false, cache: TRACKED_CALLERS });
  const perMinute: Record<WriteBudget, number> = {
    writes: config.writesPerMinute,
    feed: config.feedPerMinute,
    ingest: config.ingestPerMinute,
  };
  const counters = Object.fromEntries(
    (Object.keys(perMinute) as WriteBudget[]).map((budget) => [
      budget,
      app.createRateLimit({
        max: perMinute[budget],
        timeWindow: 60_000,
        keyGenerator: callerKey,
      }),
    ]),
  ) as Record<WriteBudget, ReturnType<FastifyInstance['createRateLimit']>>;

  const inFlight = new Map<string, number>();

  const limits: RequestLimits = {
    writeHook(budget) {
      const count = counters[budget];
      return async (request, reply) => {
        const state = await count(request);
        if (state.isAllowed) return;
        reply.header('x-ratelimit-limit', state.max);
        reply.header('x-ratelimit-remaining', state.remaining);
        if (state.isExceeded) {
          const seconds = Math.max(1, state.ttlInSeconds);
          throw new TooManyRequestsError(LIMIT_MESSAGES.writes(seconds), seconds);
        }
      };
    },

    async heavy(request, work) {
      const key = callerKey(request);
      const running = inFlight.get(key) ?? 0;
      if (running >= config.heavyPerCaller) {
        throw new TooManyRequestsError(
          LIMIT_MESSAGES.heavy(config.heavyPerCaller),
          HEAVY_RETRY_AFTER_SECONDS,
        );
      }
      inFlight.set(key, running + 1);
      try {
        return await work();
      } finally {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      }
    },
  };
  app.decorate('requestLimits', limits);
}
