import { describe, expect, it } from 'vitest';
import {
  addDashboard,
  currentDashboard,
  dashboardNameError,
  deleteDashboard,
  freshDashboards,
  selectDashboard,
} from './dashboards-state';
import type { StoredDashboards } from './dashboards-storage';

const three: StoredDashboards = {
  dashboards: [
    { id: 'a', name: 'A', widgets: [] },
    { id: 'b', name: 'B', widgets: [] },
    { id: 'c', name: 'C', widgets: [] },
  ],
  lastDashboardId: 'b',
};

describe('dashboard rules (spec 002 §2 "Dashboard")', () => {
  it("starts with one 'My Dashboard', selected", () => {
    const state = freshDashboards();
    expect(state.dashboards.map((d) => d.name)).toEqual(['My Dashboard']);
    expect(currentDashboard(state)?.name).toBe('My Dashboard');
  });

  it('adds a dashboard with a trimmed name and selects it', () => {
    const result = addDashboard(three, '  Atlantic fleet ');
    expect(result.ok).toBe(true);
    expect(result.state.dashboards.map((d) => d.name)).toEqual(['A', 'B', 'C', 'Atlantic fleet']);
    expect(currentDashboard(result.state)?.name).toBe('Atlantic fleet');
  });

  it('refuses an empty name and one over 255 characters', () => {
    expect(dashboardNameError('   ')).toBe('Give the dashboard a name.');
    expect(dashboardNameError('x'.repeat(255))).toBeNull();
    expect(dashboardNameError('x'.repeat(256))).toBe('A name has at most 255 characters.');
    const result = addDashboard(three, 'x'.repeat(256));
    expect(result.ok).toBe(false);
    expect(result.state).toBe(three);
  });

  it("cannot delete the last dashboard: 'You cannot delete your last dashboard'", () => {
    const one = freshDashboards();
    const result = deleteDashboard(one, one.dashboards[0]!.id);
    expect(result).toEqual({
      ok: false,
      error: 'You cannot delete your last dashboard',
      state: one,
    });
  });

  it('deleting a dashboard selects the first remaining one', () => {
    const result = deleteDashboard(three, 'b');
    expect(result.state.dashboards.map((d) => d.id)).toEqual(['a', 'c']);
    expect(currentDashboard(result.state)?.id).toBe('a');
    const first = deleteDashboard(three, 'a');
    expect(currentDashboard(first.state)?.id).toBe('b');
  });

  it('selects only a dashboard that exists', () => {
    expect(selectDashboard(three, 'c').lastDashboardId).toBe('c');
    expect(selectDashboard(three, 'nope')).toBe(three);
  });
});
