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

  it('drops a widget edited into something off the grid and keeps the rest', () => {
    const good = {
      entityType: 'device',
      entityId: 'dev-1',
      type: 'single',
      location: [0, 0],
      size: [1, 1],
    };
    localStorage.setItem(
      'aerie.dashboards.u1',
      JSON.stringify({
        dashboards: [
          {
            id: 'a',
            name: 'A',
            widgets: [
              good,
              { ...good, entityId: 'dev-2', location: [5, 0], size: [3, 6] },
              { ...good, entityId: 'dev-3', location: [-1, 0] },
              { ...good, entityType: 'user' },
            ],
          },
        ],
        lastDashboardId: 'a',
      }),
    );
    const { lastDashboard } = loadDashboards('u1');
    expect(lastDashboard.name).toBe('A');
    expect(lastDashboard.widgets).toEqual([good]);
  });
});
