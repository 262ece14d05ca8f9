import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '../lib/api-client';
import { currentAccessToken } from '../lib/auth';
import { parseRuntimeConfig } from '../lib/config';
import { libMessages } from '../lib/messages';
import { App } from './app';

/**
 * Starts the application (React, the router, Mantine and their styles) once the first chunk
 * (main.tsx) has read the runtime configuration file and decided that this page shows here
 * rather than at the identity provider's sign-in.
 */
export function startApp(rootElement: HTMLElement, configFile: unknown): void {
  let config;
  try {
    config = parseRuntimeConfig(configFile);
  } catch (error) {
    console.error(error);
    rootElement.textContent = libMessages.loadError;
    return;
  }
  configureApiClient({ baseUrl: config.apiUrl, getAccessToken: currentAccessToken });
  document.title = config.brand;

  const root = createRoot(rootElement);
  // A transition: React renders the first page in slices and yields to the browser between
  // them, instead of one long task that blocks input (issue 13, total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  });
}
