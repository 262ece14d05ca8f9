import type { NetworkStatus } from '@aerie/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { deviceMessages } from '../../messages';
import { useNow } from '../../../../lib/use-now';
import { formatLocationUpdated, onlineState, type OnlineState } from '../../utils/device-display';
import {
  cellularSignalBand,
  formatSignal,
  satelliteSignalBand,
  type SignalBand,
} from '../../utils/signal';
import classes from './overview.module.css';

const texts = deviceMessages.overview.network;

function SignalBars({ band }: { band: SignalBand }) {
  const bars = band.levels - 1;
  return (
    <span
      className={classes.bars}
      role="img"
      aria-label={texts.signalLevel(band.level, band.levels)}
      data-level={band.level}
    >
      {Array.from({ length: bars }, (_, i) => (
        <span
          key={i}
          className={classes.bar}
          style={{ height: `${((i + 1) / bars) * 100}%` }}
          {...(i < band.level ? { 'data-filled': true } : {})}
        />
      ))}
    </span>
  );
}

function Signal({ value, band }: { value: number | null; band: (v: number) => SignalBand }) {
  if (value === null) return <Text size="sm">{texts.noSignal}</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <SignalBars band={band(value)} />
      <Text size="sm" fw={600}>
        {formatSignal(value)}
      </Text>
    </Group>
  );
}

interface StatusCardProps {
  title: string;
  state: OnlineState;
  children?: ReactNode;
}

/** One network's card: green background when online, red offline, grey unknown (spec 001 §2). */
function StatusCard({ title, state, children }: StatusCardProps) {
  return (
    <Paper
      component="section"
      radius="md"
      p="md"
      className={classes.status}
      data-state={state}
      aria-label={`${title}: ${texts.states[state]}`}
      data-testid={`network-${title}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{title}</Text>
          <Text size="sm" fw={700} tt="uppercase">
            {texts.states[state]}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      {typeof children === 'string' ? (
        <Text size="sm" fw={600} ta="right">
          {children}
        </Text>
      ) : (
        children
      )}
    </Group>
  );
}

export interface NetworkStatusCardsProps {
  status: NetworkStatus;
}

/** Satellite, Cellular and Local WiFi status with signal bands of spec 001 §9. */
export function NetworkStatusCards({ status }: NetworkStatusCardsProps) {
  const now = useNow();
  return (
    <div className={classes.statusGrid} role="group" aria-label={texts.label}>
      <StatusCard title={texts.satellite} state={onlineState(status.satelliteOnline)}>
        <Detail label={texts.signal}>
          <Signal value={status.satelliteSignal} band={satelliteSignalBand} />
        </Detail>
        <Detail label={texts.beam}>{status.beam ?? deviceMessages.notAvailable}</Detail>
        <Detail label={texts.lastUpdated}>
          {formatLocationUpdated(status.satelliteLastUpdated, now)}
        </Detail>
      </StatusCard>
      <StatusCard title={texts.cellular} state={onlineState(status.cellularOnline)}>
        <Detail label={texts.signal}>
          <Signal value={status.cellularSignal} band={cellularSignalBand} />
        </Detail>
        <Detail label={texts.lastUpdated}>
          {formatLocationUpdated(status.cellularLastUpdated, now)}
        </Detail>
      </StatusCard>
      <StatusCard title={texts.wifi} state={onlineState(status.wifi)} />
    </div>
  );
}
