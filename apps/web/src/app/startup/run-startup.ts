import type { CurrentUser } from '@aerie/contract';

/** The start-up loads of spec 000 §4 ("App load"), in order. */
export const startupSteps = [
  'health',
  'profile',
  'settings',
  'accounts',
  'dashboards',
  'background',
] as const;
export type StartupStep = (typeof startupSteps)[number];

export interface StartupDependencies {
  /** Rejects when the portal is unhealthy. */
  checkHealth: () => Promise<unknown>;
  loadProfile: () => Promise<CurrentUser>;
  loadSettings: (user: CurrentUser | null) => Promise<unknown>;
  loadAccounts: () => Promise<unknown>;
  /** Dashboards (kept in the browser) and the last dashboard. */
  loadDashboards: (user: CurrentUser) => unknown;
  /** Background loading and notification listening. */
  startBackground: (user: CurrentUser) => unknown;
  onProgress?: (step: StartupStep, done: number, total: number) => void;
}

export type StartupResult =
  | { status: 'unhealthy' }
  | { status: 'loadError'; brokenRequests: StartupStep[] }
  | { status: 'loaded'; user: CurrentUser; brokenRequests: StartupStep[] };

/**
 * Runs the start-up loads (spec 000 §4): the health check (unhealthy -> maintenance), then
 * profile, settings and accounts in order, where a failed step is recorded as a broken
 * request and loading continues; then dashboards and background loading. Without a
 * profile the application cannot load (-> /loadError).
 */
export async function runStartup(deps: StartupDependencies): Promise<StartupResult> {
  const total = startupSteps.length;
  const brokenRequests: StartupStep[] = [];
  const progress = (step: StartupStep, index: number): void =>
    deps.onProgress?.(step, index, total);

  progress('health', 0);
  try {
    await deps.checkHealth();
  } catch {
    return { status: 'unhealthy' };
  }

  let user: CurrentUser | null = null;
  progress('profile', 1);
  try {
    user = await deps.loadProfile();
  } catch {
    brokenRequests.push('profile');
  }
  progress('settings', 2);
  try {
    await deps.loadSettings(user);
  } catch {
    brokenRequests.push('settings');
  }
  progress('accounts', 3);
  try {
    await deps.loadAccounts();
  } catch {
    brokenRequests.push('accounts');
  }
  if (!user) return { status: 'loadError', brokenRequests };

  progress('dashboards', 4);
  try {
    await deps.loadDashboards(user);
  } catch {
    brokenRequests.push('dashboards');
  }
  progress('background', 5);
  try {
    await deps.startBackground(user);
  } catch {
    brokenRequests.push('background');
  }
  deps.onProgress?.('background', total, total);
  return { status: 'loaded', user, brokenRequests };
}
