import { deviceMessages } from '../messages';
import { onlineState, type OnlineState } from '../utils/online-state';
import classes from './online-state-badge.module.css';

/** spec 001 §9 map colours: green #65BD81 online, red #FF5959 offline; unknown is gray. */
export const onlineStateColors: Record<OnlineState, string> = {
  online: '#65BD81',
  offline: '#FF5959',
  unknown: 'gray',
};

/** The state's colour as a dot; it goes beside the word, never alone. */
export function OnlineStateDot({ state }: { state: OnlineState }) {
  return (
    <span
      className={classes.dot}
      style={{ backgroundColor: onlineStateColors[state] }}
      aria-hidden
    />
  );
}

export interface OnlineStateBadgeProps {
  online: boolean | null | undefined;
  /** What the state is of (e.g. "Satellite"), for screen readers. */
  label?: string;
}

/**
 * A device's satellite or cellular state: a coloured dot and the word, never colour alone;
 * plain text in the row's size, so dense rows stay dense.
 */
export function OnlineStateBadge({ online, label }: OnlineStateBadgeProps) {
  const state = onlineState(online);
  const text = deviceMessages.onlineStates[state];
  return (
    <span
      className={classes.state}
      data-state={state}
      {...(label ? { title: `${label}: ${text}` } : {})}
    >
      <OnlineStateDot state={state} />
      {text}
    </span>
  );
}
