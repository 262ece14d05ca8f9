import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { reachedUsageThresholds, usageThresholdBytes } from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';

// The demo fleet's generated usage (docs/decisions/038-usage-alerts.md): the alerts it has
// reached are recorded as already notified, so the fleet's first reports alert no one for them.
const NOW = new Date();
const api = useApiContext({ fleet: { seed: 37, deviceCount: 80, usageDays: 45, now: NOW } });

interface Month extends Record<string, unknown> {
  subscriptionId: string;
  year: number;
  month: number;
  bytes: string;
  dataLimitInGb: number | null;
}

const months = () =>
  api.rows<Month>(
    `select u.subscription_id as "subscriptionId", u.year, u.month,
            (u.satellite_bytes::numeric + u.cellular_bytes)::text as bytes,
            s.data_limit_gb as "dataLimitInGb"
       from subscription_monthly_usage u join subscriptions s on s.id = u.subscription_id`,
  );

const keyOf = (k: { subscriptionId: string; year: number; month: number; threshold: number }) =>
  `${k.subscriptionId}/${k.year}-${k.month}/${k.threshold}`;

/** A device on the subscription, by serial. */
const serialOf = async (subscriptionId: string) =>
  (await api.scalar<string>(
    `select d.serial from devices d join device_subscriptions ds on ds.device_id = d.id
      where ds.subscription_id = $1 and ds.active and d.serial is not null and d.deleted_at is null
      order by d.serial limit 1`,
    [subscriptionId],
  ))!;

async function reportNow(serial: string, bytes: number) {
  const res = await api.call('superUser', 'POST', '/v2/telemetry/reports', {
    body: {
      reports: [
        {
          serial,
          reportedAt: new Date().toISOString(),
          usage: { satelliteBytes: bytes, cellularBytes: 0 },
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const deadline = Date.now() + 15_000;
  while (
    (await api.count(
      'select count(*)::int as n from subscription_usage_alerts where notified_at is null',
    )) > 0
  ) {
    if (Date.now() > deadline) throw new Error('usage alerts were not notified in time');
    await sleep(50);
  }
}

const sentAbout = (subscriptionId: string) =>
  api.count(
    `select count(*)::int as n from notifications
      where entity_type = 'subscriptions' and entity_id = $1`,
    [subscriptionId],
  );

describe('usage alerts of the generated fleet', () => {
  it('are recorded as notified for this month and the one before, by the same rule', async () => {
    const current = NOW.getUTCFullYear() * 12 + NOW.getUTCMonth();
    const expected = (await months())
      .filter((m) => current - (m.year * 12 + m.month - 1) <= 1)
      .flatMap((m) =>
        reachedUsageThresholds(BigInt(m.bytes), m.dataLimitInGb).map((threshold) =>
          keyOf({ ...m, threshold }),
        ),
      )
      .sort();
    const recorded = await api.rows<{
      subscriptionId: string;
      year: number;
      month: number;
      threshold: number;
      notified: boolean;
    }>(
      `select subscription_id as "subscriptionId", year, month, threshold,
              notified_at is not null as notified
         from subscription_usage_alerts`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(recorded.map(keyOf).sort()).toEqual(expected);
    expect(recorded.every((r) => r.notified)).toBe(true);
  });

  it('tell no one when a subscription already over 80% reports more, and alert one that gets there', async () => {
    const all = await months();
    const thisMonth = all.filter(
      (m) => m.year === NOW.getUTCFullYear() && m.month === NOW.getUTCMonth() + 1,
    );
    const over = thisMonth.find(
      (m) => reachedUsageThresholds(BigInt(m.bytes), m.dataLimitInGb).length,
    );
    const under = thisMonth.find(
      (m) =>
        m.dataLimitInGb !== null &&
        m.dataLimitInGb !== 9999 &&
        reachedUsageThresholds(BigInt(m.bytes), m.dataLimitInGb).length === 0,
    );
    expect(over && under).toBeTruthy();

    await reportNow(await serialOf(over!.subscriptionId), 1000);
    expect(await sentAbout(over!.subscriptionId)).toBe(0);

    const missing = usageThresholdBytes(under!.dataLimitInGb!, 80) - BigInt(under!.bytes);
    await reportNow(await serialOf(under!.subscriptionId), Number(missing));
    expect(await sentAbout(under!.subscriptionId)).toBeGreaterThan(0);
  });
});
