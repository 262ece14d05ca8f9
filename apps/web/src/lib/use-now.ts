import { useEffect, useState } from 'react';

/** Relative times ("5 minutes ago") move on while a page stays open. */
export const RELATIVE_TIME_TICK_MS = 30_000;

/** The current time, renewed every `intervalMs`, so that relative times shown stay true. */
export function useNow(intervalMs = RELATIVE_TIME_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
