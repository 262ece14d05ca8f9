import type { RuntimeConfig } from '@aerie/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { appThemes } from '../app/theme';
import { RuntimeConfigContext } from '../lib/config';
import { installJsdomShims } from './jsdom-shims';

export const testConfig: RuntimeConfig = {
  brand: 'Aerie',
  apiUrl: '',
  liveUrl: '/live',
  authority: 'https://portal.example.test/auth',
  clientId: 'aerie-portal',
  scope: 'openid profile api',
  mapsKey: '',
  cdnBase: '',
  support: { phone: '+1 555 0100', email: 'support@aerie.example' },
  statusRefreshSeconds: 30,
};

installJsdomShims();

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderWithProvidersOptions {
  queryClient?: QueryClient;
  /** Render inside a memory router at this path (for components with links). */
  path?: string;
}

function inRouter(ui: ReactElement, path: string): ReactElement {
  const rootRoute = createRootRoute();
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => ui,
  });
  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => ui,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, pageRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return <RouterProvider router={router} />;
}

/** Renders `ui` inside the app's Mantine theme and a query client, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), path }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const { theme, cssVariablesResolver } = appThemes.brand;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigContext value={testConfig}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
          {path === undefined ? ui : inRouter(ui, path)}
        </MantineProvider>
      </RuntimeConfigContext>
    </QueryClientProvider>,
  );
  return Object.assign(result, { queryClient });
}
