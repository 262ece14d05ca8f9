import { Badge } from '@mantine/core';
import { deviceMessages } from '../messages';
import { onlineState, type OnlineState } from '../utils/online-state';

/** spec 001 §9 map colours: green #65BD81 online, red #FF5959 offline; unknown is gray. */
export const onlineStateColors: Record<OnlineState, string> = {
  online: '#65BD81',
  offline: '#FF5959',
  unknown: 'gray',
};

export interface OnlineStateBadgeProps {
  online: boolean | null | undefined;
  /** What the state is of (e.g. "Satellite"), for screen readers. */
  label?: string;
}

/** A device's satellite or cellular state: a coloured dot and the word, never colour alone. */
export function OnlineStateBadge({ online, label }: OnlineStateBadgeProps) {
  const state = onlineState(online);
  const text = deviceMessages.onlineStates[state];
  return (
    <Badge
      variant="dot"
      color={onlineStateColors[state]}
      tt="none"
      fw={500}
      data-state={state}
      {...(label ? { title: `${label}: ${text}` } : {})}
    >
      {text}
    </Badge>
  );
}
