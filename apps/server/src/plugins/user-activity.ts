/** A user counts as active for monthly figures; recording more often than hourly adds nothing. */
export const ACTIVITY_INTERVAL_MS = 60 * 60_000;

export interface UserActivityRecorderOptions {
  /** Persists the time of a user's activity. */
  write: (userId: string, at: Date) => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs?: number;
  /** Users remembered before old entries are forgotten (bounds memory). */
  maxTracked?: number;
  now?: () => number;
}

/**
 * Records that a user made an authenticated call, at most once per user per interval on this
 * instance. Fire-and-forget: the caller never waits, and a failed write never fails a request
 * (it is reported and retried on the user's next call).
 */
export function createUserActivityRecorder({
  write,
  onError,
  intervalMs = ACTIVITY_INTERVAL_MS,
  maxTracked = 100_000,
  now = Date.now,
}: UserActivityRecorderOptions): (userId: string) => void {
  const recorded = new Map<string, number>();

  function forgetOld(t: number): void {
    for (const [id, at] of recorded) if (t - at >= intervalMs) recorded.delete(id);
    // Still full of recent users: forget the oldest, they are at worst recorded again.
    for (const id of recorded.keys()) {
      if (recorded.size < maxTracked) break;
      recorded.delete(id);
    }
  }

  return (userId) => {
    try {
      const t = now();
      const last = recorded.get(userId);
      if (last !== undefined && t - last < intervalMs) return;
      recorded.delete(userId);
      if (recorded.size >= maxTracked) forgetOld(t);
      recorded.set(userId, t);
      write(userId, new Date(t)).catch((error: unknown) => {
        if (recorded.get(userId) === t) recorded.delete(userId);
        onError(error);
      });
    } catch (error) {
      onError(error);
    }
  };
}
