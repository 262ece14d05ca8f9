import { describe, expect, it } from 'vitest';
import {
  firstFreeLocation,
  moveWidget,
  nudgeWidget,
  pinWidget,
  placeWidget,
  removeWidget,
  resizeWidget,
  type Widget,
} from './dashboard-grid';
import type { StoredDashboards } from './dashboards-storage';

const empty: StoredDashboards = {
  dashboards: [{ id: 'd', name: 'My Dashboard', widgets: [] }],
  lastDashboardId: 'd',
};
const widgetsOf = (state: StoredDashboards): Widget[] => state.dashboards[0]!.widgets;

function pinned(...pins: [string, 'single' | 'list'][]): StoredDashboards {
  let state = empty;
  for (const [id, type] of pins) {
    const result = pinWidget(state, 'd', { entityType: 'device', entityId: id, type });
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
  }
  return state;
}

describe('dashboard widgets on the grid', () => {
  it('pins a single widget as 1x1 and a list as 3x6, each at the first free place', () => {
    const state = pinned(['a', 'single'], ['b', 'list'], ['c', 'single']);
    expect(widgetsOf(state).map((w) => [w.entityId, w.location, w.size])).toEqual([
      ['a', [0, 0], [1, 1]],
      ['b', [1, 0], [3, 6]],
      ['c', [4, 0], [1, 1]],
    ]);
  });

  it('does not pin the same entity twice as the same type', () => {
    const state = pinned(['a', 'single']);
    const again = pinWidget(state, 'd', { entityType: 'device', entityId: 'a', type: 'single' });
    expect(again).toMatchObject({ ok: false, reason: 'alreadyPinned' });
    expect(pinWidget(state, 'd', { entityType: 'device', entityId: 'a', type: 'list' }).ok).toBe(
      true,
    );
  });

  it('moves by cells, never off the grid or onto another widget', () => {
    const state = pinned(['a', 'single'], ['b', 'single']);
    expect(moveWidget(state, 'd', 0, [1, 0])).toMatchObject({ ok: false, reason: 'blocked' });
    expect(moveWidget(state, 'd', 0, [-1, 0])).toMatchObject({ ok: false, reason: 'blocked' });
    const down = moveWidget(state, 'd', 0, [0, 1]);
    expect(down.ok).toBe(true);
    expect(widgetsOf(down.state)[0]!.location).toEqual([0, 1]);
    expect(moveWidget(state, 'd', 1, [5, 0])).toMatchObject({ ok: false, reason: 'blocked' });
    expect(widgetsOf(moveWidget(state, 'd', 1, [4, 0]).state)[1]!.location).toEqual([5, 0]);
  });

  it('resizes down to 1x1 at least, within the grid and clear of others', () => {
    const state = pinned(['a', 'single'], ['b', 'single']);
    expect(resizeWidget(state, 'd', 0, [1, 0])).toMatchObject({ ok: false, reason: 'blocked' });
    expect(resizeWidget(state, 'd', 0, [0, -1])).toMatchObject({ ok: false, reason: 'blocked' });
    const taller = resizeWidget(state, 'd', 0, [0, 2]);
    expect(widgetsOf(taller.state)[0]!.size).toEqual([1, 3]);
  });

  it('removes a widget; the next pin takes the freed place', () => {
    const state = pinned(['a', 'single'], ['b', 'single']);
    const removed = removeWidget(state, 'd', 0).state;
    expect(widgetsOf(removed).map((w) => w.entityId)).toEqual(['b']);
    expect(firstFreeLocation(widgetsOf(removed), [1, 1])).toEqual([0, 0]);
  });

  it('moves by keyboard past a widget in the way, and not beyond the grid', () => {
    const state = pinned(['a', 'single'], ['b', 'single'], ['c', 'single']);
    const right = nudgeWidget(state, 'd', 0, 'right');
    expect(widgetsOf(right.state)[0]!.location).toEqual([3, 0]);
    expect(nudgeWidget(state, 'd', 0, 'left')).toMatchObject({ ok: false, reason: 'blocked' });
    expect(nudgeWidget(state, 'd', 0, 'up')).toMatchObject({ ok: false, reason: 'blocked' });
    const down = nudgeWidget(state, 'd', 0, 'down');
    expect(widgetsOf(down.state)[0]!.location).toEqual([0, 1]);
    // The grid ends one row below its lowest widget.
    expect(nudgeWidget(down.state, 'd', 0, 'down')).toMatchObject({ ok: false });
    const list = pinned(['a', 'single'], ['b', 'list']);
    expect(widgetsOf(nudgeWidget(list, 'd', 1, 'left').state)[1]!.location).toEqual([1, 0]);
    expect(nudgeWidget(list, 'd', 1, 'left')).toMatchObject({ ok: false, reason: 'blocked' });
    expect(widgetsOf(nudgeWidget(list, 'd', 0, 'down').state)[0]!.location).toEqual([0, 1]);
  });

  it('places a widget where the mouse drops it, unless the place is taken', () => {
    const state = pinned(['a', 'single'], ['b', 'list']);
    expect(widgetsOf(placeWidget(state, 'd', 0, [5, 3]).state)[0]!.location).toEqual([5, 3]);
    expect(placeWidget(state, 'd', 0, [2, 2])).toMatchObject({ ok: false, reason: 'blocked' });
    expect(placeWidget(state, 'd', 1, [4, 0])).toMatchObject({ ok: false, reason: 'blocked' });
    expect(placeWidget(state, 'd', 7, [0, 0])).toMatchObject({ ok: false });
  });

  it('says when the dashboard does not exist', () => {
    expect(
      pinWidget(empty, 'nope', { entityType: 'device', entityId: 'a', type: 'single' }),
    ).toMatchObject({ ok: false, reason: 'noDashboard' });
  });
});
