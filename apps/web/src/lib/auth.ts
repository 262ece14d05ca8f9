import { isPublicPagePath, SILENT_RENEW_RETRY_MS, type RuntimeConfig } from '@aerie/contract';
import type { UserManager } from 'oidc-client-ts';

/** Sign-in callback routes of spec 000 §2.1, handled by the SPA. */
export const AUTH_CALLBACK_PATHS = {
  signinWindow: '/auth/signinwin/main',
  signinPopup: '/auth/signinpop',
  signoutPopup: '/auth/signoutpop',
  signinSilent: '/auth/signinsilent',
} as const;

/**
 * Where sign-in returns without a saved target: the root, which goes on to the user's
 * default start route setting (spec 000 §2.1; default home).
 */
export const DEFAULT_RETURN_TARGET = '/';

/**
 * True in the hidden frame and popups oidc-client-ts opens: those windows only
 * hand the answer back to their opener and must not run the application.
 */
export function isAuxiliaryAuthWindow(pathname: string): boolean {
  return [
    AUTH_CALLBACK_PATHS.signinPopup,
    AUTH_CALLBACK_PATHS.signoutPopup,
    AUTH_CALLBACK_PATHS.signinSilent,
  ].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * True for an address only a signed-in user can open: every page but the public ones and the
 * sign-in callbacks (an unknown address too: "Page not found" is inside the signed-in shell).
 */
export function isSignedInPath(pathname: string): boolean {
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return false;
  return !isPublicPagePath(pathname);
}

/**
 * Where to go after the sign-in callback: the saved target from the OIDC state when
 * it is a path on this site, else home. Never an outside address (open redirect).
 */
export function returnTargetFromState(state: unknown): string {
  if (
    typeof state !== 'string' ||
    !state.startsWith('/') ||
    state.startsWith('//') ||
    state.startsWith('/\\')
  ) {
    return DEFAULT_RETURN_TARGET;
  }
  if (state === '/' || state.startsWith('/auth/')) return DEFAULT_RETURN_TARGET;
  return state;
}

type RenewableUserManager = Pick<
  UserManager,
  'getUser' | 'signinSilent' | 'signinRedirect' | 'removeUser' | 'events'
>;

/**
 * spec 000 §4: after a silent-renew error, retry in 5 s while still authenticated,
 * otherwise sign in again. Also clears the user when the access token expires so
 * the protected routes start sign-in. Returns a function that stops listening.
 */
export function watchSession(
  userManager: RenewableUserManager,
  currentPath: () => string,
  retryMs: number = SILENT_RENEW_RETRY_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const signInAgain = async (): Promise<void> => {
    await userManager.signinRedirect({ state: currentPath() });
  };

  const retry = async (): Promise<void> => {
    try {
      await userManager.signinSilent();
    } catch {
      await onRenewError();
    }
  };

  const onRenewError = async (): Promise<void> => {
    clearTimeout(timer);
    const user = await userManager.getUser();
    if (user && !user.expired) {
      timer = setTimeout(() => void retry(), retryMs);
    } else {
      await signInAgain();
    }
  };

  const onTokenExpired = (): void => {
    void userManager.removeUser();
  };

  const removeRenewError = userManager.events.addSilentRenewError(() => void onRenewError());
  const removeExpired = userManager.events.addAccessTokenExpired(onTokenExpired);
  return () => {
    clearTimeout(timer);
    removeRenewError();
    removeExpired();
  };
}

const pendingCallbacks = new Map<string, Promise<unknown>>();

/**
 * Runs a callback handler once per URL: React's strict mode runs effects twice,
 * and a second run would fail because the sign-in state was already consumed.
 */
export function onceForUrl<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = pendingCallbacks.get(key);
  if (existing) return existing as Promise<T>;
  const promise = run();
  pendingCallbacks.set(key, promise);
  return promise;
}

/** The runtime configuration's identity provider settings (spec 000 §3). */
export type IdentitySettings = Pick<RuntimeConfig, 'authority' | 'clientId' | 'scope'>;

/**
 * The identity provider settings of the runtime configuration file, read before the app and
 * its schemas have loaded (the first chunk signs in without them); null when one is missing.
 * The app checks the whole file with the contract's schema once it starts.
 */
export function readIdentitySettings(body: unknown): IdentitySettings | null {
  if (typeof body !== 'object' || body === null) return null;
  const { authority, clientId, scope } = body as Record<string, unknown>;
  if (typeof authority !== 'string' || typeof clientId !== 'string' || typeof scope !== 'string')
    return null;
  if (!authority || !clientId || !scope) return null;
  return { authority, clientId, scope };
}

/** Where the identity client is created from: set once at start (main.tsx). */
interface AuthSettings {
  identity: IdentitySettings;
  origin: string;
  auxiliaryWindow: boolean;
}

let settings: AuthSettings | undefined;
let loading: Promise<UserManager> | undefined;
let loaded: UserManager | undefined;

/** Records how to create the identity client; nothing is loaded yet. */
export function configureAuth(next: AuthSettings): void {
  settings = next;
  loading = undefined;
  loaded = undefined;
}

/**
 * The app's single identity client (oidc-client-ts), loaded on first use: public pages never
 * load it (issue 13), signed-in pages load it beside their own code.
 */
export function loadUserManager(): Promise<UserManager> {
  if (!settings) return Promise.reject(new Error('configureAuth was not called'));
  const { identity, origin, auxiliaryWindow } = settings;
  loading ??= import('./auth-client').then((client) => {
    loaded = client.createUserManager(identity, origin, { auxiliaryWindow });
    return loaded;
  });
  return loading;
}

/** The identity client when {@link loadUserManager} has loaded it already. */
export function loadedUserManager(): UserManager | undefined {
  return loaded;
}

/**
 * True when this tab holds a signed-in user (expired or not), read straight from the storage
 * oidc-client-ts keeps it in (`oidc.user:{authority}:{client}` in sessionStorage), without
 * loading the identity client.
 */
export function hasStoredUser(storage: Storage = window.sessionStorage): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith('oidc.user:')) return true;
  }
  return false;
}

/**
 * The access token for an API call: none without a stored user (an anonymous visitor of a
 * public page never loads the identity client).
 */
export async function currentAccessToken(): Promise<string | undefined> {
  if (!hasStoredUser()) return undefined;
  return (await (await loadUserManager()).getUser())?.access_token;
}
