import { createContext, useContext } from 'react';
import { routeTable, SILENT_RENEW_RETRY_MS, type RuntimeConfig } from '@aerie/contract';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

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

/** The public pages' paths as patterns (`$param` is one segment). */
const publicPathPatterns = routeTable
  .filter((route) => route.access === 'public')
  .map((route) => new RegExp(`^${route.path.replace(/\$[A-Za-z0-9_]+/g, '[^/]+')}/?$`));

/**
 * True for an address only a signed-in user can open: every page but the public ones and the
 * sign-in callbacks (an unknown address too: "Page not found" is inside the signed-in shell).
 */
export function isSignedInPath(pathname: string): boolean {
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return false;
  return !publicPathPatterns.some((pattern) => pattern.test(pathname));
}

/**
 * The identity client. Authorization code + PKCE instead of the spec's id_token
 * flow (see docs/decisions); routes and behaviour stay as specified.
 */
export function createUserManager(
  config: RuntimeConfig,
  origin: string,
  options: { auxiliaryWindow: boolean },
): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    response_type: 'code',
    redirect_uri: `${origin}${AUTH_CALLBACK_PATHS.signinWindow}`,
    popup_redirect_uri: `${origin}${AUTH_CALLBACK_PATHS.signinPopup}`,
    popup_post_logout_redirect_uri: `${origin}${AUTH_CALLBACK_PATHS.signoutPopup}`,
    silent_redirect_uri: `${origin}${AUTH_CALLBACK_PATHS.signinSilent}`,
    post_logout_redirect_uri: `${origin}/`,
    automaticSilentRenew: !options.auxiliaryWindow,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
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

export const UserManagerContext = createContext<UserManager | null>(null);

/** The app's single oidc-client-ts UserManager (for the callback pages). */
export function useUserManager(): UserManager {
  const userManager = useContext(UserManagerContext);
  if (!userManager) throw new Error('useUserManager must be used inside UserManagerContext');
  return userManager;
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
