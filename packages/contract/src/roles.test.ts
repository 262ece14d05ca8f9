import { describe, expect, it } from 'vitest';
import { permissions, roleCan, roleKeys, rolePermissions, rolesWith } from './roles.js';
import { canAccess, navigationLinks, routeTable } from './shell/routes.js';

const roleSet = (name: string) =>
  roleKeys.filter((role) =>
    canAccess(routeTable.find((route) => route.name === name)!.access, role),
  );

describe('the role table', () => {
  it('grants only declared permissions, each once, and every permission to some role', () => {
    for (const role of roleKeys) {
      const granted = rolePermissions[role];
      expect(new Set(granted).size).toBe(granted.length);
      for (const p of granted) expect(permissions).toContain(p);
    }
    for (const p of permissions) expect(rolesWith(p).length).toBeGreaterThan(0);
  });

  it('holds the capabilities of spec 000 §6', () => {
    expect(rolesWith('health.link')).toEqual(['superUser']);
    expect(rolesWith('health.view')).toEqual(['superUser', 'providerAdmin']);
    expect(rolesWith('errors.detailed')).toEqual(['superUser', 'providerAdmin']);
    expect(rolesWith('diagnostics.upload')).toEqual(['superUser', 'providerAdmin', 'salesSupport']);
  });

  it('gives writing network templates to the Admin Network tab roles only (spec 002 §6)', () => {
    expect(rolesWith('network.templates')).toEqual(['superUser', 'providerAdmin']);
    expect(rolesWith('devices.hardware')).toContain('productSupport');
  });

  it('compares permissions case-insensitively', () => {
    expect(roleCan('superUser', 'Cache.Clear')).toBe(true);
    expect(roleCan('credentialed', 'cache.clear')).toBe(false);
  });
});

describe('page access reads the role table (spec 000 §2.1)', () => {
  const all = [...roleKeys];
  const notCredentialed = all.filter((r) => r !== 'credentialed');
  it.each([
    ['home', all],
    ['devices', all],
    ['deviceOverview', all],
    ['deviceJson', ['superUser', 'providerAdmin']],
    ['subscriptions', notCredentialed],
    ['subscription2Json', ['superUser', 'providerAdmin']],
    ['admin', notCredentialed],
    ['adminSoftware', ['superUser', 'providerAdmin']],
    ['adminNetwork', ['superUser', 'providerAdmin']],
    ['health', ['superUser', 'providerAdmin']],
    ['api', ['superUser', 'providerAdmin', 'salesSupport', 'productSupport']],
    ['diagnosticsUpload', ['superUser', 'providerAdmin', 'salesSupport']],
    ['jobs', all],
  ])('%s opens for %j', (name, roles) => {
    expect(roleSet(name)).toEqual(roles);
  });

  it('shows Credentialed only Home, Devices, Jobs, Resources and Tools', () => {
    expect(
      navigationLinks.filter((l) => canAccess(l.access, 'credentialed')).map((l) => l.label),
    ).toEqual(['Home', 'Devices', 'Jobs', 'Resources', 'Tools']);
  });
});
