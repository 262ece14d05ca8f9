/** spec 001 §2: a device's satellite or cellular state is online, offline or unknown. */
export type OnlineState = 'online' | 'offline' | 'unknown';

export function onlineState(value: boolean | null | undefined): OnlineState {
  if (value === true) return 'online';
  if (value === false) return 'offline';
  return 'unknown';
}
