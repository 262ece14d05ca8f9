// @vitest-environment jsdom
import { devicesEndpoints, type DeviceUsage } from '@aerie/contract';
import { cleanup, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { DeviceUsageHistory } from './device-usage-history';

afterEach(cleanup);

const DEVICE = '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00';
let answer: () => Response;
const server = setupApiServer(apiHandler(devicesEndpoints.usage, () => answer()));
const requested = () => server.requests().map((request) => request.url);

const usage: DeviceUsage = {
  satelliteMonthlyUsage: 3_500_000,
  cellularMonthlyUsage: 1_200,
  satelliteDailyUsage: [{ day: 1, usageValue: 3_500_000 }],
  cellularDailyUsage: [{ day: 1, usageValue: 1_200 }],
};

describe('DeviceUsageHistory', () => {
  it('asks for the current month and shows its totals and days', async () => {
    answer = () => HttpResponse.json(usage);
    renderWithProviders(<DeviceUsageHistory deviceId={DEVICE} serialOrName="KT-1" />);
    const now = new Date();
    expect(await screen.findByText('Total')).toBeDefined();
    expect(requested()[0]?.pathname).toBe(`/v2/devices/${DEVICE}/usage`);
    expect(requested()[0]?.searchParams.get('year')).toBe(String(now.getFullYear()));
    expect(requested()[0]?.searchParams.get('month')).toBe(String(now.getMonth() + 1));
    // The satellite total shows in the summary and in the table's total row.
    expect(screen.getAllByText('3.5 MB').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('1.2 KB').length).toBeGreaterThanOrEqual(2);
    // One row per day up to today, plus the header and total rows.
    expect(screen.getAllByRole('row')).toHaveLength(now.getDate() + 2);
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toHaveProperty('disabled', false);
  });

  it('says so when the month has no usage', async () => {
    answer = () =>
      HttpResponse.json({
        satelliteMonthlyUsage: 0,
        cellularMonthlyUsage: 0,
        satelliteDailyUsage: [],
        cellularDailyUsage: [],
      });
    renderWithProviders(<DeviceUsageHistory deviceId={DEVICE} serialOrName="KT-1" />);
    expect(
      await screen.findByText('No usage was recorded for this device in this month.'),
    ).toBeDefined();
    expect(screen.getAllByText('0.0 B')).toHaveLength(2);
  });

  it('offers a retry when the usage cannot be loaded', async () => {
    answer = () => HttpResponse.json({ message: 'nope' }, { status: 404 });
    renderWithProviders(<DeviceUsageHistory deviceId={DEVICE} serialOrName="KT-1" />);
    expect(await screen.findByText('The usage could not be loaded.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toHaveProperty('disabled', true);
  });
});
