import type { Device } from '@aerie/contract';
import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format-bytes';
import { useNow } from '../../../lib/use-now';
import { useDevice } from '../api/get-device';
import { useDeviceUsage } from '../api/get-device-usage';
import { deviceMessages } from '../messages';
import { formatLocationUpdated, isNeverUpdated } from '../utils/device-display';
import classes from './device-widget.module.css';
import { OnlineStateBadge } from './online-state-badge';

const texts = deviceMessages.widget;

export interface DeviceWidgetProps {
  deviceId: string;
  /** A tile (single, 1x1) or a list of the device's state (3x6); spec 002 §3. */
  type: 'single' | 'list';
}

/** The device's latest report from either network, or null when it never reported. */
export function lastReport(device: Pick<Device, 'networkStatus'>): string | null {
  const times = [
    device.networkStatus.satelliteLastUpdated,
    device.networkStatus.cellularLastUpdated,
  ].filter((t): t is string => t !== null && !isNeverUpdated(t));
  if (times.length === 0) return null;
  return times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

/**
 * A pinned device on a dashboard, live: its state is asked again every `statusRefreshSeconds`
 * (as on the device's page), the last report reads in words and moves on with the clock.
 */
export function DeviceWidget({ deviceId, type }: DeviceWidgetProps) {
  const { data: device, error } = useDevice(deviceId);
  if (!device) {
    if (error) {
      const gone = isApiError(error) && (error.status === 404 || error.status === 400);
      return (
        <Text size="xs" c={gone ? 'dimmed' : 'red'} role={gone ? undefined : 'alert'}>
          {gone ? texts.gone : texts.loadFailed}
        </Text>
      );
    }
    return <Loader size="xs" role="status" aria-label={texts.loading} />;
  }
  return type === 'single' ? <SingleDevice device={device} /> : <DeviceList device={device} />;
}

function States({ device }: { device: Device }) {
  return (
    <dl className={classes.states}>
      <dt>{texts.satellite}</dt>
      <dd>
        <OnlineStateBadge online={device.networkStatus.satelliteOnline} />
      </dd>
      <dt>{texts.cellular}</dt>
      <dd>
        <OnlineStateBadge online={device.networkStatus.cellularOnline} />
      </dd>
    </dl>
  );
}

function LastReport({ device }: { device: Device }) {
  const now = useNow();
  const last = lastReport(device);
  return <>{last ? formatLocationUpdated(last, now) : texts.neverReported}</>;
}

function SingleDevice({ device }: { device: Device }) {
  return (
    <div className={classes.single} data-testid="device-widget-single">
      <States device={device} />
      <Text size="xs" c="dimmed" truncate>
        {texts.lastReport}: <LastReport device={device} />
      </Text>
    </div>
  );
}

function MonthUsage({ deviceId }: { deviceId: string }) {
  const now = useNow(60_000);
  const { data } = useDeviceUsage(deviceId, now.getUTCFullYear(), now.getUTCMonth() + 1);
  if (!data) return <>…</>;
  return (
    <>
      {texts.usageSplit(
        formatBytes(data.satelliteMonthlyUsage),
        formatBytes(data.cellularMonthlyUsage),
      )}
    </>
  );
}

function DeviceList({ device }: { device: Device }) {
  const subscription = device.activeSubscription;
  const rows: [string, ReactNode][] = [
    [texts.satellite, <OnlineStateBadge online={device.networkStatus.satelliteOnline} />],
    [texts.cellular, <OnlineStateBadge online={device.networkStatus.cellularOnline} />],
    [texts.lastReport, <LastReport device={device} />],
    [texts.usageThisMonth, <MonthUsage deviceId={device.id} />],
    [texts.subscription, subscription?.description ?? texts.noSubscription],
    [texts.software, device.software.currentVersion ?? '—'],
    [texts.beam, device.networkStatus.beam ?? '—'],
    [texts.account, device.accountName],
    [texts.serial, device.serial ?? '—'],
  ];
  return (
    <dl className={classes.fields} data-testid="device-widget-list">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
