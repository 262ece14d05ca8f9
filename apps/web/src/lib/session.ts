import { LOGGED_OUT_DELAY_MS } from '@aerie/contract';
import { libMessages } from './messages';
import { createStore } from './store';

/**
 * Lost authentication (spec 000 §4): token expiry, sign-out elsewhere or a 401 once the
 * app was loaded. The logged-out screen shows {@link LOGGED_OUT_DELAY_MS} after it is lost.
 */
export const authenticationLost = createStore(false);

let lostTimer: ReturnType<typeof setTimeout> | undefined;
let signingOut = false;

/** Shows the logged-out screen after the spec's delay (once, until the page reloads). */
export function markAuthenticationLost(delayMs: number = LOGGED_OUT_DELAY_MS): void {
  if (signingOut || lostTimer !== undefined || authenticationLost.get()) return;
  lostTimer = setTimeout(() => {
    lostTimer = undefined;
    authenticationLost.set(true);
  }, delayMs);
}

/** The user chose to sign out: leaving is expected, not a lost session. */
export function markSigningOut(): void {
  signingOut = true;
}

/** spec 000 §8: a 401 logs that the user should log in again, and the session counts as lost. */
export function onUnauthorizedResponse(): void {
  console.warn(libMessages.shouldLogInAgain);
  markAuthenticationLost();
}

/** For tests: back to a fresh page's state. */
export function resetSessionState(): void {
  clearTimeout(lostTimer);
  lostTimer = undefined;
  signingOut = false;
  authenticationLost.set(false);
}

/** Removes oidc-client-ts's stored entries (user and pending sign-in state) from both storages. */
export function clearStoredSignIn(storages: Storage[] = [sessionStorage, localStorage]): void {
  for (const storage of storages) {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith('oidc.')) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}
