import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './config';

const validConfig = {
  brand: 'Aerie',
  apiUrl: '',
  liveUrl: '/v2/live',
  authority: 'http://localhost:8080/auth',
  clientId: 'aerie-portal',
  scope: 'openid profile api',
  mapsKey: '',
  cdnBase: '/cdn',
  support: { phone: '+1 555 0100', email: 'support@example.com' },
};

describe('loadRuntimeConfig', () => {
  it('reads /config.json and parses it with the contract schema', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(validConfig));

    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual(validConfig);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/config.json');
  });

  it('rejects a configuration that does not match the contract', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ ...validConfig, authority: 'not a url' }),
    );

    await expect(loadRuntimeConfig(fetchMock)).rejects.toThrow();
  });

  it('rejects when the file is missing', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('', { status: 404 }));

    await expect(loadRuntimeConfig(fetchMock)).rejects.toThrow(/404/);
  });
});
