import { beforeAll, describe, expect, it } from 'vitest';
import { metricResponseSchema, roleCan, roleKeys, type RoleKey } from '@aerie/contract';
import { ACCOUNT_ROLES, MISSING_ID, sameFor, statusesOf } from '../../test/fleet-fixtures.js';
import { TEST_FLEET, useApiContext } from '../../test/test-app.js';

const NOW = TEST_FLEET.now;
const api = useApiContext({ fleet: { seed: 11, deviceCount: 40, usageDays: 2, metricDays: 3 } });
let northwindDevice: string;
let otherDevice: string;

beforeAll(async () => {
  const northwind = `select id from accounts where name like 'Northwind Maritime%'`;
  const withMetrics = `exists (select 1 from metric_series m where m.device_id = d.id and m.provider_shortcode = 'PV_INTSATFLEXMOVE')`;
  northwindDevice = (await api.scalar<string>(
    `select d.id from devices d where account_id in (${northwind}) and ${withMetrics} order by name limit 1`,
  ))!;
  otherDevice = (await api.scalar<string>(
    `select d.id from devices d where account_id not in (${northwind}) and ${withMetrics} order by name limit 1`,
  ))!;
});

function post(role: RoleKey | null, body: unknown) {
  return api.ctx.app.inject({
    method: 'POST',
    url: '/v2/devices/metrics',
    payload: body as object,
    headers: role ? api.as(role) : {},
  });
}
const range = (hours: number) => ({
  startDate: new Date(NOW.getTime() - hours * 3_600_000).toISOString(),
  endDate: NOW.toISOString(),
});

describe('POST /v2/devices/metrics', () => {
  it('returns the stored samples of the range with units, in request order', async () => {
    const res = await post('credentialed', {
      provider: 'PV_INTSATFLEXMOVE',
      metrics: ['MT_LATENCY', 'MT_CN0'],
      deviceIds: [northwindDevice],
      ...range(24),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = metricResponseSchema.parse(res.json());
    expect(body.metrics.map((m) => [m.metric, m.unit])).toEqual([
      ['MT_LATENCY', 'ms'],
      ['MT_CN0', 'dBHz'],
    ]);
    const latency = body.metrics[0]!;
    // Ground truth: the 5-minute samples stored for the device in the last 24 hours.
    const { rows } = await api.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n
         from metric_series m, unnest(m.seconds) as s
        where m.device_id = $1 and provider_shortcode = 'PV_INTSATFLEXMOVE' and metric_shortcode = 'MT_LATENCY'
          and m.day + make_interval(secs => s) between $2::timestamptz and $3::timestamptz`,
      [northwindDevice, range(24).startDate, range(24).endDate],
    );
    expect(latency.sampleCount).toBe(rows[0]!.n);
    expect(latency.sampleCount).toBeGreaterThan(200);
    expect(latency.downsampled).toBe(false);
    expect(latency.values).toHaveLength(latency.sampleCount);
    const times = latency.values.map((v) => Date.parse(v.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThanOrEqual(Date.parse(range(24).startDate));
    expect(times.at(-1)!).toBeLessThanOrEqual(NOW.getTime());
  });

  it('downsamples to maxPoints keeping the first and last sample', async () => {
    const full = metricResponseSchema.parse(
      (
        await post('superUser', {
          provider: 'PV_INTSATFLEXMOVE',
          metrics: ['MT_RX_RATE'],
          deviceIds: [otherDevice],
          ...range(72),
        })
      ).json(),
    ).metrics[0]!;
    const res = await post('superUser', {
      provider: 'PV_INTSATFLEXMOVE',
      metrics: ['MT_RX_RATE'],
      deviceIds: [otherDevice],
      maxPoints: 100,
      ...range(72),
    });
    const small = metricResponseSchema.parse(res.json()).metrics[0]!;
    expect(small.downsampled).toBe(true);
    expect(small.values).toHaveLength(100);
    expect(small.sampleCount).toBe(full.sampleCount);
    expect(small.values[0]).toEqual(full.values[0]);
    expect(small.values.at(-1)).toEqual(full.values.at(-1));
  });

  it('answers 404 for a device of another account, as for a missing one', async () => {
    for (const id of [otherDevice, '00000000-0000-4000-8000-000000000000']) {
      const res = await post('accountAdmin', {
        provider: 'PV_INTSATFLEXMOVE',
        metrics: ['MT_LATENCY'],
        deviceIds: [northwindDevice, id],
        ...range(24),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Device not found.');
    }
  });

  it('rejects bad requests with a message', async () => {
    const base = {
      provider: 'PV_INTSATFLEXMOVE',
      metrics: ['MT_LATENCY'],
      deviceIds: [northwindDevice],
      ...range(24),
    };
    const cases: [unknown, string][] = [
      [{ ...base, metrics: [] }, 'Choose at least one metric.'],
      [{ ...base, deviceIds: ['nope'] }, 'A device id is not valid.'],
      [{ ...base, startDate: base.endDate }, 'endDate must be after startDate.'],
      [{ ...base, startDate: 'yesterday' }, 'startDate must be an ISO date and time.'],
      [{ ...base, startDate: '2020-01-01T00:00:00Z' }, 'A metric request covers at most 400 days.'],
      [{ ...base, provider: 'PV_NOPE' }, 'Unknown metric provider PV_NOPE.'],
      [{ ...base, metrics: ['MT_SINR'] }, 'Unknown metric MT_SINR for provider PV_INTSATFLEXMOVE.'],
    ];
    for (const [body, message] of cases) {
      const res = await post('superUser', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('needs a token', async () => {
    expect((await post(null, {})).statusCode).toBe(401);
  });
});

describe('metrics: 404 outside the caller’s accounts (issue 12)', () => {
  it('answers 404 to every role when a device is one it does not see', async () => {
    const query = (...deviceIds: string[]) => ({
      method: 'POST' as const,
      url: '/v2/devices/metrics',
      payload: { provider: 'PV_INTSATFLEXMOVE', metrics: ['MT_CN0'], deviceIds, ...range(24) },
    });
    expect(await statusesOf(api, roleKeys, query(northwindDevice, MISSING_ID))).toEqual(
      sameFor(roleKeys, 404),
    );
    expect(await statusesOf(api, ACCOUNT_ROLES, query(northwindDevice, otherDevice))).toEqual(
      sameFor(ACCOUNT_ROLES, 404),
    );
    // No role lacks devices.view, so no 403 here.
    expect(roleKeys.filter((r) => !roleCan(r, 'devices.view'))).toEqual([]);
  });
});
