import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientListSchema, apiClientSchema, apiErrorSchema } from '@aerie/contract';
import { bearer, useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });
let hannah: string;
let liam: string;

beforeAll(() => {
  hannah = api.tokens.accountAdmin;
  liam = api.tokens.credentialed;
});

function create(token: string, body: object) {
  return api.ctx.app.inject({
    method: 'POST',
    url: '/v2/users/client',
    headers: bearer(token),
    payload: body,
  });
}

async function clientToken(clientId: string, secret: string) {
  return api.ctx.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });
}

async function list(token: string) {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/v2/users/client',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return apiClientListSchema.parse(res.json());
}

describe('API clients', () => {
  it('creates a client whose token acts as its creator, and stops working once deleted', async () => {
    const secret = 'northwind-secret-0123456789';
    const created = await create(hannah, { clientId: 'nw-ops', secret });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(secret);
    const { clientId } = apiClientSchema.parse(created.json());
    expect(clientId).toMatch(/^nw-ops-[0-9a-f]{16}$/);
    expect((await list(hannah)).map((c) => c.clientId)).toEqual([clientId]);
    expect(JSON.stringify(await list(hannah))).not.toContain(secret);

    const token = await clientToken(clientId, secret);
    expect(token.statusCode).toBe(200);
    const accessToken = token.json<{ access_token: string }>().access_token;
    const me = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: bearer(accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'hannah.keller@northwind.example' });

    const deleted = await api.ctx.app.inject({
      method: 'DELETE',
      url: `/v2/users/client/${clientId}`,
      headers: bearer(hannah),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await list(hannah)).toEqual([]);
    const refused = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: bearer(accessToken),
    });
    expect(refused.statusCode).toBe(401);
    expect((await clientToken(clientId, secret)).statusCode).toBe(401);
  });

  it('gives every client a random ending, so a requested id never says someone has it', async () => {
    const ids: string[] = [];
    for (const [token, clientId] of [
      [hannah, 'shared-id'],
      [liam, 'shared-id'],
      [liam, 'shared-id'],
      [liam, 'aerie-portal'],
    ] as const) {
      const res = await create(token, { clientId, secret: 'x' });
      expect(res.statusCode).toBe(201);
      ids.push(apiClientSchema.parse(res.json()).clientId);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(shared-id|aerie-portal)-[0-9a-f]{16}$/);
    expect(ids).not.toContain('aerie-portal');
  });

  it("answers another user's client id exactly as an id nobody has", async () => {
    const hannahs = (await list(hannah)).find((c) => c.clientId.startsWith('shared-id-'))!;
    const remove = (clientId: string) =>
      api.ctx.app.inject({
        method: 'DELETE',
        url: `/v2/users/client/${clientId}`,
        headers: bearer(liam),
      });
    const foreign = await remove(hannahs.clientId);
    const unknown = await remove('shared-id-0123456789abcdef');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await list(hannah)).map((c) => c.clientId)).toContain(hannahs.clientId);
  });

  it('refuses a secret over 255 characters and missing fields, naming the field', async () => {
    const long = await create(liam, { clientId: 'too-long', secret: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(apiErrorSchema.parse(long.json()).field).toBe('secret');
    expect((await create(liam, { clientId: 'max-ok', secret: 'x'.repeat(255) })).statusCode).toBe(
      201,
    );
    const missing = await create(liam, { secret: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json()).field).toBe('clientId');
    const bad = await create(liam, { clientId: 'has space', secret: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).message).toContain(
      'Client ID may contain letters, digits, dot, dash and underscore.',
    );
  });

  it('does not let an API client token manage API clients', async () => {
    const created = await create(liam, { clientId: 'liam-cli', secret: 'pw-liam' });
    expect(created.statusCode).toBe(201);
    const { clientId } = apiClientSchema.parse(created.json());
    const token = (await clientToken(clientId, 'pw-liam')).json<{ access_token: string }>();
    const res = await create(token.access_token, { clientId: 'minted', secret: 'z' });
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).message).toBe(
      'API clients cannot be managed with an API client token.',
    );
  });
});
