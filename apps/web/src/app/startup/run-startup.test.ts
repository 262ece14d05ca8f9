import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../test/fixtures';
import { runStartup, type StartupDependencies } from './run-startup';

function deps(overrides: Partial<StartupDependencies> = {}): StartupDependencies {
  return {
    checkHealth: vi.fn(async () => undefined),
    loadProfile: vi.fn(async () => buildCurrentUser()),
    loadSettings: vi.fn(async () => undefined),
    loadAccounts: vi.fn(async () => undefined),
    loadDashboards: vi.fn(),
    startBackground: vi.fn(),
    ...overrides,
  };
}

describe('runStartup', () => {
  it('loads health, profile, settings, accounts, dashboards, then background, in order', async () => {
    const order: string[] = [];
    const result = await runStartup(deps({ onProgress: (step) => order.push(step) }));
    expect(result.status).toBe('loaded');
    expect(order).toEqual([
      'health',
      'profile',
      'settings',
      'accounts',
      'dashboards',
      'background',
      'background',
    ]);
  });

  it('stops as unhealthy when the health check fails', async () => {
    const d = deps({ checkHealth: async () => Promise.reject(new Error('503')) });
    expect(await runStartup(d)).toEqual({ status: 'unhealthy' });
    expect(d.loadProfile).not.toHaveBeenCalled();
  });

  it('records a failed step as a broken request and continues', async () => {
    const d = deps({ loadAccounts: async () => Promise.reject(new Error('500')) });
    const result = await runStartup(d);
    expect(result).toMatchObject({ status: 'loaded', brokenRequests: ['accounts'] });
    expect(d.startBackground).toHaveBeenCalled();
  });

  it('is a failed application load without a profile, after trying the other steps', async () => {
    const d = deps({ loadProfile: async () => Promise.reject(new Error('500')) });
    const result = await runStartup(d);
    expect(result).toEqual({ status: 'loadError', brokenRequests: ['profile'] });
    expect(d.loadAccounts).toHaveBeenCalled();
    expect(d.startBackground).not.toHaveBeenCalled();
  });
});
