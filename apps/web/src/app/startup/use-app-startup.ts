import type { CurrentUser } from '@aerie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { loadDashboards } from '../../features/dashboards';
import { getMaintenanceQueryOptions } from '../../features/health';
import { getNotificationsQueryOptions } from '../../features/notifications';
import { getAccountsQueryOptions } from '../../features/shell';
import { getMeQueryOptions } from '../../features/users';
import { healthState } from '../../lib/health-state';
import { telemetry } from '../services';
import { runStartup, startupSteps, type StartupResult, type StartupStep } from './run-startup';

export type StartupState =
  { status: 'loading'; step: StartupStep | null; done: number; total: number } | StartupResult;

let running: Promise<StartupResult> | null = null;

/**
 * Runs the start-up loads once per page (spec 000 §4) and reports their progress.
 * NOTE: module-level, because React's strict mode mounts twice and a sign-in callback
 * must not load everything twice.
 */
export function useAppStartup(): StartupState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StartupState>({
    status: 'loading',
    step: null,
    done: 0,
    total: startupSteps.length,
  });

  useEffect(() => {
    let active = true;
    const onProgress = (step: StartupStep, done: number, total: number): void => {
      if (active) setState({ status: 'loading', step, done, total });
    };
    // The profile and the accounts are requested with the health check, not after it: one
    // round trip instead of three before the first page (issue 13). runStartup still applies
    // them in the spec's order, and an unhealthy portal still goes to maintenance.
    const early = <T>(load: () => Promise<T>): (() => Promise<T>) => {
      const started = load();
      // NOTE: handled when runStartup reaches the step; until then a rejection is expected.
      started.catch(() => undefined);
      return () => started;
    };
    running ??= runStartup({
      onProgress,
      checkHealth: async () => {
        try {
          await queryClient.fetchQuery({ ...getMaintenanceQueryOptions(), staleTime: 0 });
          healthState.set({ healthy: true });
        } catch (error) {
          healthState.set({ healthy: false });
          throw error;
        }
      },
      loadProfile: early(() => queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 })),
      // NOTE: the settings arrive with the profile (`GET /v2/users/me`); the theme, menu and
      // detail width apply from the cached profile.
      loadSettings: async (user: CurrentUser | null) => {
        if (!user) throw new Error('settings need the profile');
      },
      loadAccounts: early(() => queryClient.fetchQuery(getAccountsQueryOptions())),
      loadDashboards: (user) => loadDashboards(user.id),
      startBackground: () => {
        void queryClient.prefetchQuery(getNotificationsQueryOptions());
        telemetry.start();
      },
    }).then((result) => {
      if (result.status !== 'loaded') running = null;
      return result;
    });
    // NOTE: in a transition: the result mounts the whole signed-in shell and the first page,
    // which as an ordinary update React renders in one task (426 ms at a phone's 4x CPU
    // slowdown, issue 13); a transition renders it in slices that yield to the browser.
    running.then(
      (result) => active && startTransition(() => setState(result)),
      () => active && startTransition(() => setState({ status: 'loadError', brokenRequests: [] })),
    );
    return () => {
      active = false;
    };
  }, [queryClient]);

  return state;
}
