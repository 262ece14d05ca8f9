import { LIVE_CHANNELS, type LiveBus } from './live-bus.js';

/**
 * Announces on every instance that credentials of a user changed (an API client deleted, a
 * sign-out): responses that outlive their request (live streams) check theirs again at once.
 */
export async function announceCredentialsChange(
  bus: LiveBus,
  /** Null when the user is not known: every stream is checked. */
  userId: string | null,
): Promise<void> {
  await bus.publish(LIVE_CHANNELS.credentials, { userId });
}

/**
 * Calls `handler` when a user's credentials changed (with their id), and when the "account"
 * cache is cleared (with null: any user), which every change to a user's role, account or
 * status must do (plugins/auth.ts). Returns the unsubscribe function.
 */
export function onCredentialsChange(
  bus: LiveBus,
  handler: (userId: string | null) => void,
): () => void {
  const offCredentials = bus.subscribe(LIVE_CHANNELS.credentials, (payload) => {
    const { userId } = payload as { userId?: unknown };
    handler(typeof userId === 'string' ? userId : null);
  });
  const offCacheClear = bus.subscribe(LIVE_CHANNELS.cacheClear, (payload) => {
    if ((payload as { kind?: unknown }).kind === 'account') handler(null);
  });
  return () => {
    offCredentials();
    offCacheClear();
  };
}
