import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { libMessages } from './lib/messages';
import { configureApiClient } from './lib/api-client';
import { createUserManager, isAuxiliaryAuthWindow } from './lib/auth';
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

  const userManager = createUserManager(config, window.location.origin, {
    auxiliaryWindow: isAuxiliaryAuthWindow(window.location.pathname),
  });
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
