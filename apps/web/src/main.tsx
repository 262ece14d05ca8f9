import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { libMessages } from './lib/messages';
import { configureApiClient } from './lib/api-client';
import { createUserManager, isAuxiliaryAuthWindow, isSignedInPath } from './lib/auth';
import { loadRuntimeConfig } from './lib/config';

async function start(rootElement: HTMLElement): Promise<void> {
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    rootElement.textContent = libMessages.loadError;
    return;
  }

  const { pathname, search, hash } = window.location;
  const auxiliaryWindow = isAuxiliaryAuthWindow(pathname);
  const userManager = createUserManager(config, window.location.origin, { auxiliaryWindow });
  // Without a session a signed-in page goes straight to sign-in, before the app renders or
  // loads its shell (the protected layout would do the same a few requests later).
  if (!auxiliaryWindow && isSignedInPath(pathname) && !(await userManager.getUser())) {
    try {
      await userManager.signinRedirect({ state: `${pathname}${search}${hash}` });
      return;
    } catch (error) {
      // The app starts, and its protected layout tries again and shows the load error.
      console.error(error);
    }
  }
  configureApiClient({
    baseUrl: config.apiUrl,
    getAccessToken: async () => (await userManager.getUser())?.access_token,
  });
  document.title = config.brand;

  const root = createRoot(rootElement);
  // A transition: React renders the first page in slices and yields to the browser between
  // them, instead of one long task that blocks input (issue 13, total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} userManager={userManager} />
      </StrictMode>,
    );
  });
}

const rootElement = document.getElementById('root');
if (rootElement) void start(rootElement);
