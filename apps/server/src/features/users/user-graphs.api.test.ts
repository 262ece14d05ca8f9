import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  currentUserSchema,
  METRIC_GRAPHS_MAX,
  userSettingsSchema,
  type MetricGraph,
  type RoleKey,
} from '@aerie/contract';
import { demoEmail, useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });

const DEVICE = '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00';

function graph(overrides: Partial<MetricGraph> = {}): MetricGraph {
  return {
    id: 'g-1',
    name: 'Downstream C/N0 & Round-trip latency',
    shortcodes: [
      ['PV_INTSATFLEXMOVE', 'MT_CN0', DEVICE],
      ['PV_INTSATFLEXMOVE', 'MT_LATENCY', DEVICE],
    ],
    timeSpan: { id: 'day', name: 'Last 24 hours' },
    startDate: null,
    endDate: null,
    autoRefresh: false,
    dataColor1: '#65BD81',
    dataColor2: '#75A7D3',
    graphType: 'line',
    delimiter: ',',
    ...overrides,
  };
}

function put(role: RoleKey, body: unknown) {
  return api.ctx.app.inject({
    method: 'PUT',
    url: '/v2/users/settings',
    headers: { ...api.as(role), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function graphsOf(role: RoleKey): Promise<MetricGraph[]> {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/v2/users/me',
    headers: api.as(role),
  });
  expect(res.statusCode).toBe(200);
  return currentUserSchema.parse(res.json()).settings.userGraphs;
}

async function expect400(body: unknown, field: string) {
  const res = await put('credentialed', body);
  expect(res.statusCode).toBe(400);
  const error = apiErrorSchema.parse(res.json());
  expect(error.message).toContain('userGraphs');
  expect(error.field ?? '').toContain(field);
}

describe('the userGraphs setting (PUT /v2/users/settings)', () => {
  it('starts empty', async () => {
    expect(await graphsOf('accountAdmin')).toEqual([]);
  });

  it('saves graphs that the next /v2/users/me shows, in the database too', async () => {
    const custom = graph({
      id: 'g-2',
      name: 'Speed',
      shortcodes: [['PV_ANTENNA', 'MT_SPEED', DEVICE]],
      timeSpan: { id: 'custom', name: 'Custom' },
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-03T00:00:00.000Z',
      graphType: 'area',
      autoRefresh: true,
    });
    const res = await put('credentialed', { userGraphs: [graph(), custom] });
    expect(res.statusCode).toBe(200);
    expect(userSettingsSchema.parse(res.json()).userGraphs).toEqual([graph(), custom]);
    expect(await graphsOf('credentialed')).toEqual([graph(), custom]);

    const stored = await api.scalar<{ userGraphs: MetricGraph[] }>(
      'select s.settings from user_settings s join users u on u.id = s.user_id where u.email = $1',
      [demoEmail('credentialed')],
    );
    expect(stored?.userGraphs.map((g) => g.id)).toEqual(['g-1', 'g-2']);
    // Another user's graphs are their own.
    expect(await graphsOf('superUser')).toEqual([]);
  });

  it('keeps the graphs when another setting changes, and replaces them as a whole', async () => {
    await put('credentialed', { userGraphs: [graph()] });
    expect((await put('credentialed', { theme: 'dark' })).statusCode).toBe(200);
    expect(await graphsOf('credentialed')).toEqual([graph()]);
    expect((await put('credentialed', { userGraphs: [] })).statusCode).toBe(200);
    expect(await graphsOf('credentialed')).toEqual([]);
  });

  it('refuses a graph with three metrics, or none', async () => {
    const [first] = graph().shortcodes;
    await expect400(
      { userGraphs: [graph({ shortcodes: [first!, first!, first!] })] },
      'shortcodes',
    );
    await expect400({ userGraphs: [graph({ shortcodes: [] })] }, 'shortcodes');
  });

  it('refuses an unknown time span, graph type, colour or extra key', async () => {
    await expect400(
      { userGraphs: [{ ...graph(), timeSpan: { id: 'year', name: 'Year' } }] },
      'timeSpan',
    );
    await expect400({ userGraphs: [{ ...graph(), graphType: 'bar' }] }, 'graphType');
    await expect400({ userGraphs: [{ ...graph(), dataColor1: 'green' }] }, 'dataColor1');
    await expect400({ userGraphs: [{ ...graph(), script: '<b>' }] }, 'userGraphs');
  });

  it('refuses a custom span without both dates, or ending before it starts', async () => {
    const custom = { id: 'custom', name: 'Custom' } as const;
    await expect400(
      { userGraphs: [graph({ timeSpan: custom, startDate: '2026-11-01T00:00:00Z' })] },
      'startDate',
    );
    await expect400(
      {
        userGraphs: [
          graph({
            timeSpan: custom,
            startDate: '2026-11-03T00:00:00Z',
            endDate: '2026-11-01T00:00:00Z',
          }),
        ],
      },
      'endDate',
    );
  });

  it('refuses a malformed shortcode or device id', async () => {
    await expect400(
      { userGraphs: [graph({ shortcodes: [['PV_ANTENNA', 'mt_speed', DEVICE]] })] },
      'shortcodes',
    );
    await expect400(
      { userGraphs: [{ ...graph(), shortcodes: [['PV_ANTENNA', 'MT_SPEED', 'not-a-uuid']] }] },
      'shortcodes',
    );
  });

  it(`refuses more than ${METRIC_GRAPHS_MAX} graphs and duplicate ids`, async () => {
    const many = Array.from({ length: METRIC_GRAPHS_MAX + 1 }, (_, i) => graph({ id: `g-${i}` }));
    await expect400({ userGraphs: many }, 'userGraphs');
    await expect400({ userGraphs: [graph(), graph()] }, 'userGraphs');
    const enough = many.slice(0, METRIC_GRAPHS_MAX);
    expect((await put('credentialed', { userGraphs: enough })).statusCode).toBe(200);
    expect(await graphsOf('credentialed')).toHaveLength(METRIC_GRAPHS_MAX);
  });

  it('answers a stale stored value with its default, keeping the other settings', async () => {
    await api.ctx.database.pool.query(
      `update user_settings set settings = settings || '{"userGraphs": [{"id": 1}]}'::jsonb
       where user_id = (select id from users where email = $1)`,
      [demoEmail('credentialed')],
    );
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: api.as('credentialed'),
    });
    const settings = currentUserSchema.parse(res.json()).settings;
    expect(settings.userGraphs).toEqual([]);
    expect(settings.theme).toBe('dark');
  });

  it('needs a token', async () => {
    const res = await api.ctx.app.inject({
      method: 'PUT',
      url: '/v2/users/settings',
      payload: { userGraphs: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('concurrent changes of settings (PUT /v2/users/settings)', () => {
  const defaults = {
    theme: 'brand',
    menuCollapsed: false,
    detailFullWidth: true,
    defaultStartRoute: 'home',
    detailedErrors: false,
    userGraphs: [],
  };
  const changes = [
    { theme: 'dark' },
    { menuCollapsed: true },
    { detailFullWidth: false },
    { defaultStartRoute: 'devices' },
    { detailedErrors: true },
    { userGraphs: [graph({ id: 'g-race' })] },
  ];

  it('keeps every change when several land at once (the merge is one statement)', async () => {
    for (let round = 0; round < 5; round++) {
      expect((await put('salesSupport', defaults)).statusCode).toBe(200);
      const answers = await Promise.all(changes.map((change) => put('salesSupport', change)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: '/v2/users/me',
        headers: api.as('salesSupport'),
      });
      const settings = currentUserSchema.parse(res.json()).settings;
      expect(settings, `round ${round}`).toMatchObject(Object.assign({}, ...changes));
    }
  });

  it('answers each change with the merged settings', async () => {
    expect((await put('salesSupport', { theme: 'light' })).statusCode).toBe(200);
    const res = await put('salesSupport', { menuCollapsed: false });
    expect(userSettingsSchema.parse(res.json())).toMatchObject({
      theme: 'light',
      menuCollapsed: false,
    });
  });
});
