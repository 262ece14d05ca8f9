import { Badge } from '@mantine/core';
import { syncMessages } from '../sync-messages';

/** Whether the hub holds the beams the device requires; unknown while it cannot be read. */
export type SyncState = 'inSync' | 'outOfSync' | 'unknown';

// NOTE: both looks pass WCAG AA contrast, which Mantine's light badges fail: filled in shade 9
// (7 for grey) in table cells, and the dot variant (text in the body colour) beside a label.
const colors = {
  filled: { inSync: 'teal.9', outOfSync: 'red.9', unknown: 'gray.7' },
  dot: { inSync: 'teal', outOfSync: 'orange', unknown: 'gray' },
} as const;

export interface SyncBadgeProps {
  state: SyncState;
  /** 'filled' in a table cell (the Network Inventory), 'dot' beside a label (Device Hub State). */
  variant?: 'filled' | 'dot';
}

/** The in-sync state of the hub against the device's required beams. */
export function SyncBadge({ state, variant = 'filled' }: SyncBadgeProps) {
  const text = syncMessages.syncState[state];
  const color = colors[variant][state];
  return variant === 'dot' ? (
    <Badge variant="dot" radius="sm" tt="none" color={color}>
      {text}
    </Badge>
  ) : (
    <Badge variant="filled" color={color}>
      {text}
    </Badge>
  );
}
