// @vitest-environment jsdom
import { shellEndpoints } from '@aerie/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiAnswer, apiHandler, setupApiServer } from '../test/api-server';
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
  statusRefreshSeconds: 30,
};

const server = setupApiServer();

describe('loadRuntimeConfig', () => {
  it('reads /config.json and parses it with the contract schema', async () => {
    server.use(apiAnswer(shellEndpoints.runtimeConfig, validConfig));

    await expect(loadRuntimeConfig()).resolves.toEqual(validConfig);
    expect(server.requests()[0]?.path).toBe('/config.json');
  });

  it('rejects a configuration that does not match the contract', async () => {
    server.use(
      apiHandler(shellEndpoints.runtimeConfig, () =>
        HttpResponse.json({ ...validConfig, authority: 'not a url' }),
      ),
    );

    await expect(loadRuntimeConfig()).rejects.toThrow();
  });

  it('rejects when the file is missing', async () => {
    server.use(
      apiHandler(shellEndpoints.runtimeConfig, () => new HttpResponse('', { status: 404 })),
    );

    await expect(loadRuntimeConfig()).rejects.toThrow(/404/);
  });
});
