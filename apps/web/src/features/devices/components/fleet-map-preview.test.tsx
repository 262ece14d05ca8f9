// @vitest-environment jsdom
import type { FleetClusters } from '@aerie/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fitView, fleetBounds, mercator, type MapView } from '../utils/fleet-map';
import { FleetMapPreview } from './fleet-map-preview';

const WIDTH = 800;
const HEIGHT = 420;

const fleet: FleetClusters = {
  total: 1236,
  bounds: [4.5, 51.9, 6, 53],
  // longitude, latitude, count, offline, expansion zoom, id
  clusters: [[5, 52.5, 1234, 34, 6, 7]],
  // id, longitude, latitude, online
  devices: [
    ['00000000-0000-4000-8000-000000000001', 5.5, 52.1, 1],
    ['00000000-0000-4000-8000-000000000002', 4.6, 52.9, 0],
  ],
};

beforeAll(() => {
  // jsdom lays nothing out: the preview measures its box (jsdom's own getters are Element's).
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => WIDTH,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => HEIGHT,
  });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});
afterEach(cleanup);

function setup(view: MapView | null = null) {
  const onView = vi.fn<(view: MapView, box: { west: number; east: number }) => void>();
  const onOpenDevice = vi.fn<(id: string) => void>();
  renderWithProviders(
    <FleetMapPreview fleet={fleet} view={view} onView={onView} onOpenDevice={onOpenDevice} />,
  );
  const map = screen.getByRole('application');
  return { map, onView, onOpenDevice };
}

const fitted = fitView(fleetBounds(fleet.bounds)!, WIDTH, HEIGHT);

function press(target: Element, x: number, y: number, to = { x, y }) {
  fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: x, clientY: y });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: to.x, clientY: to.y });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: to.x, clientY: to.y });
}

describe('the fleet map first view (usable before the WebGL map)', () => {
  it('draws the fleet as a map that says how to use it', () => {
    const { map } = setup();
    expect(map.getAttribute('aria-roledescription')).toBe('map');
    expect(map.getAttribute('aria-label')).toBe(
      'Map of your devices: 1,236 devices in 3 places. Drag or use the arrow keys to move; the wheel, + and − zoom; a group zooms in when clicked, a device opens.',
    );
    expect(map.querySelectorAll('[data-device]')).toHaveLength(2);
    expect(map.querySelectorAll('[data-cluster]')).toHaveLength(1);
    expect(map.dataset['zoom']).toBe(fitted.zoom.toFixed(2));
  });

  it('moves with a drag: the place under the pointer stays under it', () => {
    const { map, onView, onOpenDevice } = setup();
    press(map, 400, 200, { x: 500, y: 160 });
    expect(onView).toHaveBeenCalledTimes(1);
    const [view, box] = onView.mock.calls[0]!;
    const scale = 2 ** fitted.zoom;
    expect(view.zoom).toBe(fitted.zoom);
    expect(view.center[0]).toBeCloseTo(fitted.center[0] - 100 / scale, 9);
    expect(view.center[1]).toBeCloseTo(fitted.center[1] + 40 / scale, 9);
    expect(box.west).toBeLessThan(box.east);
    expect(onOpenDevice).not.toHaveBeenCalled();
  });

  it('opens a device that is clicked, and zooms into a group that is clicked', () => {
    const { map, onView, onOpenDevice } = setup();
    const device = map.querySelector('[data-device]')!;
    press(device, 300, 100);
    expect(onOpenDevice).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
    expect(onView).not.toHaveBeenCalled();

    press(map.querySelector('[data-cluster] circle')!, 400, 200);
    const [view] = onView.mock.calls[0]!;
    // Centred on the group, at the zoom where it splits (6), or one step in at least.
    expect(view.center).toEqual(mercator(5, 52.5));
    expect(view.zoom).toBe(Math.max(6, Math.floor(fitted.zoom) + 1));
  });

  it('zooms with the wheel, a double click, the buttons and the keys; the arrows move it', () => {
    const view: MapView = { center: mercator(5, 52.5), zoom: 5 };
    const { map, onView } = setup(view);
    fireEvent.wheel(map, { deltaY: -250, clientX: 400, clientY: 210 });
    expect(onView.mock.lastCall?.[0].zoom).toBe(6);
    fireEvent.wheel(map, { deltaY: 125, clientX: 400, clientY: 210 });
    expect(onView.mock.lastCall?.[0].zoom).toBe(4.5);
    fireEvent.doubleClick(map, { clientX: 400, clientY: 210 });
    expect(onView.mock.lastCall?.[0].zoom).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(onView.mock.lastCall?.[0].zoom).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(onView.mock.lastCall?.[0].zoom).toBe(4);
    fireEvent.keyDown(map, { key: '+' });
    expect(onView.mock.lastCall?.[0].zoom).toBe(6);
    fireEvent.keyDown(map, { key: '-' });
    expect(onView.mock.lastCall?.[0].zoom).toBe(4);
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(onView.mock.lastCall?.[0]).toEqual({
      center: [view.center[0] + 100 / 32, view.center[1]],
      zoom: 5,
    });
    const calls = onView.mock.calls.length;
    fireEvent.keyDown(map, { key: 'a' });
    expect(onView.mock.calls).toHaveLength(calls);
  });
});
