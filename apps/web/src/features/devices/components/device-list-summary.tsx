import type { DeviceSummary } from '@aerie/contract';
import { Group, Text } from '@mantine/core';
import { deviceMessages } from '../messages';
import type { OnlineState } from '../utils/online-state';
import { OnlineStateDot } from './online-state-badge';

const m = deviceMessages.list.summary;

export interface DeviceListSummaryProps {
  /** Undefined while the first summary loads. */
  summary: DeviceSummary | undefined;
}

/** One count of the summary: a dot in the state's colour and the word, never colour alone. */
function Count({ state, count }: { state: OnlineState; count: number }) {
  return (
    <Group gap={6} wrap="nowrap" data-state={state}>
      <OnlineStateDot state={state} />
      <Text size="sm">{m[state](count)}</Text>
    </Group>
  );
}

/**
 * Online, offline (and unknown, when there are any) devices of the list's current filter, as
 * the server counts them for the caller's accounts.
 */
export function DeviceListSummary({ summary }: DeviceListSummaryProps) {
  if (!summary) return null;
  const unknown = summary.total - summary.online - summary.offline;
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label={m.label} data-testid="device-summary">
      <Count state="online" count={summary.online} />
      <Count state="offline" count={summary.offline} />
      {unknown > 0 && <Count state="unknown" count={unknown} />}
    </Group>
  );
}
