import { routeTable, type RouteDefinition } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  detailPaneOffset,
  guardRedirect,
  isDetailRoute,
  routePath,
  routesByName,
  startPath,
} from './route-paths';

const route = (name: string): RouteDefinition => {
  const found = routesByName.get(name);
  if (!found) throw new Error(name);
  return found;
};

describe('guardRedirect', () => {
  it("sends Credentialed from /subscriptions to /dashboard (the route's deniedRedirect)", () => {
    expect(guardRedirect(route('subscriptions'), 'credentialed')).toBe('/dashboard');
  });

  it('sends a role without access to a route without deniedRedirect to /home', () => {
    expect(guardRedirect(route('health'), 'salesSupport')).toBe('/home');
    expect(guardRedirect(route('api'), 'accountAdmin')).toBe('/home');
    expect(guardRedirect(route('diagnosticsUpload'), 'productSupport')).toBe('/home');
  });

  it("sends a role without a device tab to that device's overview", () => {
    const id = '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f';
    expect(guardRedirect(route('deviceJson'), 'credentialed', { id })).toBe(
      `/devices/${id}/overview`,
    );
    expect(guardRedirect(route('deviceDiagnosticBrowser'), 'accountAdmin', { id })).toBe(
      `/devices/${id}/overview`,
    );
    // Without the params to fill in, the default.
    expect(guardRedirect(route('deviceJson'), 'credentialed')).toBe('/home');
  });

  it('lets a role with access through', () => {
    expect(guardRedirect(route('health'), 'providerAdmin')).toBeNull();
    expect(guardRedirect(route('devices'), 'credentialed')).toBeNull();
    expect(guardRedirect(route('jobs'), 'credentialed')).toBeNull();
  });

  it('lets Super User open every route of the table', () => {
    for (const r of routeTable) expect(guardRedirect(r, 'superUser')).toBeNull();
  });
});

describe('routePath', () => {
  it('fills typed params and query', () => {
    expect(routePath('deviceOverview', { id: 'A 1' })).toBe('/devices/A%201/overview');
    expect(
      routePath('deviceDiagnosticAnalyze', { id: '7', fileHash: 'abc', selectedReport: 'r' }),
    ).toBe('/devices/7/diagnostics/analyze/abc/r');
    expect(routePath('documentationSearch', {}, { q: 'modem' })).toBe('/resources/search?q=modem');
    expect(routePath('home')).toBe('/home');
  });
});

describe('startPath', () => {
  it('uses the default start route setting when the role may open it, else /home', () => {
    expect(startPath('home', 'credentialed')).toBe('/home');
    expect(startPath('devices', 'credentialed')).toBe('/devices');
    expect(startPath('subscriptions', 'credentialed')).toBe('/home');
    expect(startPath('nonsense', 'superUser')).toBe('/home');
  });
});

describe('isDetailRoute', () => {
  it('opens the detail pane for an id param, a detail flag or a /create path', () => {
    expect(isDetailRoute({ params: { id: '1' }, pathname: '/devices/1/overview' })).toBe(true);
    expect(isDetailRoute({ params: {}, pathname: '/admin/users', detail: true })).toBe(true);
    expect(isDetailRoute({ params: {}, pathname: '/admin/users/create' })).toBe(true);
    expect(isDetailRoute({ params: {}, pathname: '/tools/optionsFileValidator' })).toBe(false);
  });
});

describe('detailPaneOffset', () => {
  it('follows spec 000 §9: 190/52 full width, 605/467 compact', () => {
    expect(detailPaneOffset({ detailFullWidth: true, menuCollapsed: false })).toBe(190);
    expect(detailPaneOffset({ detailFullWidth: true, menuCollapsed: true })).toBe(52);
    expect(detailPaneOffset({ detailFullWidth: false, menuCollapsed: false })).toBe(605);
    expect(detailPaneOffset({ detailFullWidth: false, menuCollapsed: true })).toBe(467);
  });
});
