// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDashboards, saveDashboards } from './dashboards-storage';

beforeEach(() => localStorage.clear());

describe('loadDashboards', () => {
  it('creates "My Dashboard" when the browser has none', () => {
    const { dashboards, lastDashboard } = loadDashboards('u1');
    expect(dashboards.map((d) => d.name)).toEqual(['My Dashboard']);
    expect(lastDashboard.name).toBe('My Dashboard');
    expect(loadDashboards('u1').lastDashboard.id).toBe(lastDashboard.id);
  });

  it('restores the last dashboard', () => {
    saveDashboards('u1', {
      dashboards: [
        { id: 'a', name: 'A', widgets: [] },
        { id: 'b', name: 'B', widgets: [] },
      ],
      lastDashboardId: 'b',
    });
    expect(loadDashboards('u1').lastDashboard.name).toBe('B');
  });
});
