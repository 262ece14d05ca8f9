import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@aerie/contract';
import { bearer, useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });
let liam: string;
let hannah: string;

beforeAll(() => {
  liam = api.tokens.credentialed;
  hannah = api.tokens.accountAdmin;
});

async function call(method: 'GET' | 'POST', url: string, token = liam, payload?: unknown) {
  const res = await api.ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return res;
}

describe('search history', () => {
  it('keeps 5 terms, newest first, moving a repeated term to the front', async () => {
    for (const term of ['one', 'two', 'three', 'four', 'five', 'six'])
      expect((await call('POST', '/v2/users/me/searchHistory', liam, { term })).statusCode).toBe(
        200,
      );
    const again = await call('POST', '/v2/users/me/searchHistory', liam, { term: 'three' });
    expect(again.json()).toEqual(['three', 'six', 'five', 'four', 'two'].map((term) => ({ term })));
    expect((await call('GET', '/v2/users/me/searchHistory')).json()).toEqual(again.json());
    expect((await call('GET', '/v2/users/me/searchHistory', hannah)).json()).toEqual([]);
  });

  it('refuses an empty term, naming the field', async () => {
    const res = await call('POST', '/v2/users/me/searchHistory', liam, { term: ' ' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).field).toBe('term');
  });
});

describe('recent results', () => {
  it('keeps 5, newest first, moving the same item to the front', async () => {
    for (let i = 1; i <= 6; i++)
      await call('POST', '/v2/users/me/recentResults', liam, {
        type: 'device',
        id: `d${i}`,
        name: `D${i}`,
      });
    const res = await call('POST', '/v2/users/me/recentResults', liam, {
      type: 'device',
      id: 'd3',
      name: 'D3 renamed',
    });
    expect(res.json()).toEqual([
      { type: 'device', id: 'd3', name: 'D3 renamed' },
      { type: 'device', id: 'd6', name: 'D6' },
      { type: 'device', id: 'd5', name: 'D5' },
      { type: 'device', id: 'd4', name: 'D4' },
      { type: 'device', id: 'd2', name: 'D2' },
    ]);
    expect((await call('GET', '/v2/users/me/recentResults')).json()).toEqual(res.json());
  });
});

describe('recent items', () => {
  it('keeps 10 per kind, dropping the oldest, and updates an item seen again', async () => {
    for (let i = 1; i <= 11; i++) {
      await call('POST', '/v2/users/me/recentItems/device', liam, { id: `d${i}`, name: `D${i}` });
      await new Promise((r) => setTimeout(r, 2));
    }
    await call('POST', '/v2/users/me/recentItems/device', liam, { id: 'd5', name: 'five' });
    const res = await call('GET', '/v2/users/me/recentItems/device');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ id: string; name: string; ts: number }[]>();
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ id: 'd5', name: 'five' });
    expect(items.map((i) => i.id)).not.toContain('d1');
    expect(items.map((i) => i.ts)).toEqual([...items.map((i) => i.ts)].sort((a, b) => b - a));
    expect((await call('GET', '/v2/users/me/recentItems/remote')).json()).toEqual([]);
  });

  it('refuses an unknown kind, naming the field', async () => {
    const res = await call('GET', '/v2/users/me/recentItems/printer');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).field).toBe('kind');
  });
});
