import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children mount in a transition, after a first commit without them. The router renders a
 * new route, and a query's answer renders its readers, in one synchronous task (both are
 * external stores); a big subtree mounted there (a page's first render, a table's pager) was
 * among a load's longest tasks on a phone. In a transition React renders it in slices and lets
 * the browser paint and handle input between them (issue 13, total blocking time).
 */
export function InSlices({ children }: { children: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : null;
}
