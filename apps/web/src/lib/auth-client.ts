import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { AUTH_CALLBACK_PATHS, type IdentitySettings } from './auth';

/**
 * The identity client (loaded on demand through `loadUserManager` in ./auth). Authorization code + PKCE instead of the spec's id_token
 * flow (see docs/decisions); routes and behaviour stay as specified.
 */
export function createUserManager(
  config: IdentitySettings,
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
