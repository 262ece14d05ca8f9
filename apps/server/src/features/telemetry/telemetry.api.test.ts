import { beforeAll, describe, expect, it } from 'vitest';
import { deviceSchema, telemetryResultSchema, type RoleKey } from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 21, deviceCount: 30, usageDays: 1 } });
let id: string;
let serial: string;

beforeAll(async () => {
  const row = (
    await api.ctx.database.pool.query<{ id: string; serial: string }>(
      `select d.id, d.serial from devices d
        where d.serial is not null and exists (select 1 from device_subscriptions ds where ds.device_id = d.id and ds.active)
        order by d.name limit 1`,
    )
  ).rows[0]!;
  ({ id, serial } = row);
});

const post = (role: RoleKey, reports: unknown[]) =>
  api.ctx.app.inject({
    method: 'POST',
    url: '/v2/telemetry/reports',
    headers: api.as(role),
    payload: { reports },
  });
const device = async () =>
  deviceSchema.parse(
    (await api.ctx.app.inject({ url: `/v2/devices/${id}`, headers: api.as('superUser') })).json(),
  );

describe('POST /v2/telemetry/reports', () => {
  it('applies status, position and software check-in to the device', async () => {
    const reportedAt = new Date('2026-11-22T12:30:00Z').toISOString();
    const res = await post('superUser', [
      {
        serial,
        reportedAt,
        status: { satelliteOnline: true, satelliteSignal: 4.5, beam: 'Europe' },
        location: { latitude: 51.5, longitude: -0.12, source: 'satellite' },
        software: { currentVersion: '9.9.9' },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(telemetryResultSchema.parse(res.json())).toEqual({ accepted: 1, rejected: [] });
    const d = await device();
    expect(d.networkStatus).toMatchObject({
      satelliteOnline: true,
      satelliteSignal: 4.5,
      beam: 'Europe',
    });
    expect(Date.parse(d.networkStatus.satelliteLastUpdated!)).toBe(Date.parse(reportedAt));
    expect(d.location.coordinates).toEqual({ latitude: 51.5, longitude: -0.12 });
    expect(d.software.currentVersion).toBe('9.9.9');
    expect(Date.parse(d.software.lastCheckin!)).toBe(Date.parse(reportedAt));
  });

  it('does not roll the state back with an older report, and keeps what was not sent', async () => {
    await post('superUser', [
      { serial, reportedAt: '2026-11-22T11:00:00Z', status: { satelliteOnline: false } },
    ]);
    const d = await device();
    expect(d.networkStatus.satelliteOnline).toBe(true);
    expect(d.networkStatus.beam).toBe('Europe');
  });

  it('adds usage to the day, the device totals and the active subscription month', async () => {
    const sum = async () =>
      Number(
        await api.scalar<string>(
          `select coalesce(sum(satellite_bytes), 0) from device_daily_usage where device_id = $1 and day = '2026-11-22'`,
          [id],
        ),
      );
    const month = async () =>
      Number(
        await api.scalar<string>(
          `select coalesce(sum(m.satellite_bytes), 0) from subscription_monthly_usage m
             join device_subscriptions ds on ds.subscription_id = m.subscription_id and ds.active
            where ds.device_id = $1 and m.year = 2026 and m.month = 11`,
          [id],
        ),
      );
    const before = {
      day: await sum(),
      month: await month(),
      total: (await device()).totalSatelliteUsage,
    };
    await post('superUser', [
      {
        serial,
        reportedAt: '2026-11-22T12:40:00Z',
        usage: { satelliteBytes: 1000, cellularBytes: 0 },
      },
      {
        serial,
        reportedAt: '2026-11-22T12:45:00Z',
        usage: { satelliteBytes: 234, cellularBytes: 5 },
      },
    ]);
    expect(await sum()).toBe(before.day + 1234);
    expect(await month()).toBe(before.month + 1234);
    expect((await device()).totalSatelliteUsage).toBe(before.total + 1234);
  });

  it('merges metric samples into the day in time order, replacing a repeated second', async () => {
    const sample = (hhmm: string, value: number) => ({
      timestamp: `2026-11-21T${hhmm}:00Z`,
      value,
    });
    const send = (samples: ReturnType<typeof sample>[]) =>
      post('superUser', [
        {
          serial,
          reportedAt: '2026-11-22T12:50:00Z',
          metrics: [{ provider: 'PV_INTSATFLEXMOVE', metric: 'MT_LATENCY', samples }],
        },
      ]);
    await send([sample('10:05', 600), sample('10:00', 610)]);
    await send([sample('09:55', 620), sample('10:05', 630)]);
    const { rows } = await api.ctx.database.pool.query<{ seconds: number[]; values: number[] }>(
      `select seconds, values from metric_series where device_id = $1 and day = '2026-11-21'
          and provider_shortcode = 'PV_INTSATFLEXMOVE' and metric_shortcode = 'MT_LATENCY'`,
      [id],
    );
    const points = rows[0]!.seconds.map((s, i) => [s, rows[0]!.values[i]]);
    const window = points.filter(([s]) => s! >= 35_700 && s! <= 36_300);
    expect(window).toEqual([
      [35_700, 620],
      [36_000, 610],
      [36_300, 630],
    ]);
    const seconds = rows[0]!.seconds;
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  });

  it('rejects reports for unknown serials or metrics and applies the rest', async () => {
    const res = await post('superUser', [
      { serial: 'NO-SUCH-SERIAL', reportedAt: '2026-11-22T13:00:00Z' },
      {
        serial,
        reportedAt: '2026-11-22T13:00:00Z',
        metrics: [
          {
            provider: 'PV_ANTENNA',
            metric: 'MT_NOPE',
            samples: [{ timestamp: '2026-11-22T13:00:00Z', value: 1 }],
          },
        ],
      },
      { serial, reportedAt: '2026-11-22T13:00:00Z', status: { wifi: true } },
    ]);
    expect(telemetryResultSchema.parse(res.json())).toEqual({
      accepted: 1,
      rejected: [
        { index: 0, message: 'No device has the serial NO-SUCH-SERIAL.' },
        { index: 1, message: 'Unknown metric MT_NOPE for provider PV_ANTENNA.' },
      ],
    });
    expect((await device()).networkStatus.wifi).toBe(true);
  });

  it('accepts a metric type added later once the Device cache is cleared, without a restart', async () => {
    const report = {
      serial,
      reportedAt: '2026-11-22T13:05:00Z',
      metrics: [
        {
          provider: 'PV_ANTENNA',
          metric: 'MT_LATER',
          samples: [{ timestamp: '2026-11-22T13:05:00Z', value: 2 }],
        },
      ],
    };
    // The list of metric types is cached: known now, the new type is still unknown.
    expect((await post('superUser', [report])).json()).toMatchObject({ accepted: 0 });
    await api.ctx.database.pool.query(
      `insert into metric_types (provider_shortcode, shortcode, name, description, unit)
       values ('PV_ANTENNA', 'MT_LATER', 'Later', 'Added after start', '')`,
    );
    expect((await post('superUser', [report])).json()).toMatchObject({ accepted: 0 });
    await api.ctx.app.services.caches.clear('device');
    expect((await post('superUser', [report])).json()).toEqual({ accepted: 1, rejected: [] });
  });

  it('is for terminal feeds only: other roles get 403, bad batches 400', async () => {
    for (const role of ['providerAdmin', 'accountAdmin', 'credentialed'] as const) {
      expect((await post(role, [{ serial, reportedAt: '2026-11-22T13:00:00Z' }])).statusCode).toBe(
        403,
      );
    }
    expect((await post('superUser', [])).statusCode).toBe(400);
    const bad = await post('superUser', [{ serial, reportedAt: 'noon' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Dates are ISO dates');
    const outOfRange = await post('superUser', [
      {
        serial,
        reportedAt: '2026-11-22T13:00:00Z',
        location: { latitude: 91, longitude: 0, source: 'satellite' },
      },
    ]);
    expect(outOfRange.statusCode).toBe(400);
  });
});
