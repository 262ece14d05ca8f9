import { describe, expect, it } from 'vitest';
import { healthSchema, MAINTENANCE_HEADER, type RoleKey } from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });

function setMaintenance(role: RoleKey, maintenance: boolean) {
  return api.ctx.app.inject({
    method: 'PUT',
    url: '/health/maintenance',
    headers: api.as(role),
    payload: { maintenance },
  });
}

describe('maintenance mode', () => {
  it('is off by default, readable without a token, with no header', async () => {
    const res = await api.ctx.app.inject({ method: 'GET', url: '/health/maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maintenance: false });
    expect(res.headers[MAINTENANCE_HEADER]).toBeUndefined();
  });

  it('is switched by Super User and provider Admin only, and sets the header without blocking the API', async () => {
    for (const role of ['salesSupport', 'productSupport', 'accountAdmin', 'credentialed'] as const)
      expect((await setMaintenance(role, true)).statusCode).toBe(403);
    const on = await setMaintenance('providerAdmin', true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ maintenance: true });
    const res = await api.ctx.app.inject({ method: 'GET', url: '/health/maintenance' });
    expect(res.json()).toEqual({ maintenance: true });
    expect(res.headers[MAINTENANCE_HEADER]).toBe('on');
    const me = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: api.as('credentialed'),
    });
    expect(me.statusCode).toBe(200);
    expect((await setMaintenance('superUser', false)).json()).toEqual({ maintenance: false });
    const off = await api.ctx.app.inject({ method: 'GET', url: '/health/maintenance' });
    expect(off.headers[MAINTENANCE_HEADER]).toBeUndefined();
  });

  it('refuses a body without a boolean, naming the field', async () => {
    const res = await api.ctx.app.inject({
      method: 'PUT',
      url: '/health/maintenance',
      headers: api.as('superUser'),
      payload: { maintenance: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'maintenance' });
  });
});

describe('health', () => {
  it('answers the service map to Super User and provider Admin', async () => {
    for (const role of ['superUser', 'providerAdmin'] as const) {
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: api.as(role),
      });
      expect(res.statusCode).toBe(200);
      const health = healthSchema.parse(res.json());
      expect(Object.keys(health).sort()).toEqual(['database', 'fileStore', 'identity']);
      for (const [status, text] of Object.values(health)) {
        expect(status).toBe(200);
        expect(JSON.parse(text)).toHaveProperty('Version');
      }
      const database = JSON.parse(health['database']![1]) as { Version: string };
      expect(database.Version).toMatch(/^PostgreSQL/);
    }
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await api.ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(401);
    for (const role of [
      'salesSupport',
      'productSupport',
      'accountAdmin',
      'credentialed',
    ] as const) {
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: api.as(role),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('keeps /status public', async () => {
    expect((await api.ctx.app.inject({ method: 'GET', url: '/status' })).statusCode).toBe(200);
  });
});

describe('cache clears', () => {
  it('answers the spec message per kind', async () => {
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/cache/device',
      headers: api.as('providerAdmin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'device', message: 'Device cache cleared successfully.' });
  });

  it('refuses an unknown kind with 400 naming the field', async () => {
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/cache/everything',
      headers: api.as('superUser'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'kind' });
  });
});
