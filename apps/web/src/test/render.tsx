import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { appThemes } from '../app/theme';

// NOTE: jsdom lacks these browser APIs that Mantine reads.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
  }
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderWithProvidersOptions {
  queryClient?: QueryClient;
}

/** Renders `ui` inside the app's Mantine theme and a query client, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient() }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const { theme, cssVariablesResolver } = appThemes.brand;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        {ui}
      </MantineProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { queryClient });
}
