import type { RuntimeConfig } from '@aerie/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useMe } from '../features/users';
import {
  isApiError,
  queryRetryDelay,
  setApiErrorHandlers,
  shouldRetryQuery,
} from '../lib/api-client';
import { RuntimeConfigContext } from '../lib/config';
import { clearHealthState } from '../lib/health-state';
import { onUnauthorizedResponse } from '../lib/session';
import { reportUnexpectedError, setUnexpectedErrorHandler } from './error-reporting';
import { createAppRouter } from './router';
import { createErrorHandler, telemetry } from './services';
import { resolveAppTheme } from './theme';
import { PinToDashboard } from '../features/dashboards/pages';
import { PinSlotProvider } from '../lib/pin-slot';

export interface AppProps {
  config: RuntimeConfig;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors will not heal by asking again, but a 429 says when to; server and
        // network errors may heal.
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Where toasts show. NOTE: loaded beside the first page, not in the first chunk: a toast asked
 * for before it is there waits in Mantine's notifications store and shows once it is.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Follows the signed-in user's theme setting; the brand theme until it is known (and on public
 * pages for a visitor who is not signed in: only the signed-in layout loads the profile).
 */
function ThemedProviders({ children }: { children: ReactNode }) {
  // NOTE: enabled false only reads the cache; the protected layout does the loading.
  const { data: me } = useMe({ enabled: false });
  const appTheme = resolveAppTheme(me?.settings.theme);
  return (
    <MantineProvider
      theme={appTheme.theme}
      forceColorScheme={appTheme.tokens.colorScheme}
      cssVariablesResolver={appTheme.cssVariablesResolver}
    >
      <Suspense fallback={null}>
        <Notifications position="bottom-right" limit={5} />
      </Suspense>
      {children}
    </MantineProvider>
  );
}

/** The application once the runtime configuration is known. */
export function App({ config }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter({ queryClient }));

  // spec 000 §8: the error rules of every API call, in one place.
  useEffect(() => {
    setUnexpectedErrorHandler(createErrorHandler(queryClient));
    setApiErrorHandlers({
      onUnauthorized: onUnauthorizedResponse,
      onServiceUnavailable: () => {
        clearHealthState();
        if (router.state.location.pathname !== '/maintenance') {
          void router.navigate({ to: '/maintenance', replace: true });
        }
      },
      onUnexpectedError: (error) => reportUnexpectedError(error),
    });
    const onError = (event: ErrorEvent): void =>
      reportUnexpectedError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent): void => {
      // NOTE: API errors were handled by the API client already.
      if (isApiError(event.reason)) return;
      reportUnexpectedError(event.reason);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [queryClient, router]);

  // spec 000 §3: page views are tracked (uploaded once signed in, on the telemetry poll).
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) {
          telemetry.track('navigation', 'pageView', event.toLocation.pathname);
        }
      }),
    [router],
  );

  return (
    <RuntimeConfigContext value={config}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders>
          <PinSlotProvider value={PinToDashboard}>
            <RouterProvider router={router} />
          </PinSlotProvider>
        </ThemedProviders>
      </QueryClientProvider>
    </RuntimeConfigContext>
  );
}
