import { libMessages } from './lib/messages';
import {
  configureAuth,
  hasStoredUser,
  isAuxiliaryAuthWindow,
  isSignedInPath,
  loadUserManager,
  readIdentitySettings,
} from './lib/auth';
import { fetchRuntimeConfigFile } from './lib/config-file';

/**
 * The first chunk: reads the runtime configuration and either sends a visitor without a
 * session from a signed-in page straight to sign-in, or starts the application (./app/start).
 *
 * NOTE: it imports neither React nor the app, nor zod and the contract's schemas (issue 13):
 * the sign-in redirect leaves after this chunk, the configuration file and the identity
 * client, and the app's code downloads while the configuration file is read.
 */
async function start(rootElement: HTMLElement): Promise<void> {
  const { pathname, search, hash, origin } = window.location;
  const auxiliaryWindow = isAuxiliaryAuthWindow(pathname);
  const signedInPage = !auxiliaryWindow && isSignedInPath(pathname);
  const toSignIn = signedInPage && !hasStoredUser();
  // What this page needs, downloading while the configuration file is read: a signed-in
  // page needs the identity client; any page but the sign-in redirect the app.
  if (signedInPage) void import('./lib/auth-client').catch(() => undefined);
  const app = toSignIn ? null : import('./app/start');
  app?.catch(() => undefined);

  let configFile: unknown;
  try {
    configFile = await fetchRuntimeConfigFile();
  } catch (error) {
    console.error(error);
    rootElement.textContent = libMessages.loadError;
    return;
  }
  const identity = readIdentitySettings(configFile);
  if (identity) configureAuth({ identity, origin, auxiliaryWindow });
  // A signed-in page's identity client, created while the app loads (the protected layout
  // then has it at once).
  if (identity && signedInPage && !toSignIn) void loadUserManager().catch(() => undefined);

  // Without a session a signed-in page goes straight to sign-in, before the app renders or
  // loads (the protected layout would do the same a few requests later).
  if (toSignIn && identity) {
    try {
      const userManager = await loadUserManager();
      await userManager.signinRedirect({ state: `${pathname}${search}${hash}` });
      return;
    } catch (error) {
      // The app starts, and its protected layout tries again and shows the load error.
      console.error(error);
    }
  }
  try {
    const { startApp } = await (app ?? import('./app/start'));
    startApp(rootElement, configFile);
  } catch (error) {
    console.error(error);
    rootElement.textContent = libMessages.loadError;
  }
}

const rootElement = document.getElementById('root');
if (rootElement) void start(rootElement);
