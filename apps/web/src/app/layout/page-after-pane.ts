import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { DetailPaneShownSignal } from '../../lib/detail-pane-shown';

/**
 * How long the page under a directly opened pane waits at most for the pane's content to say
 * it shows its item (a slow or failing request must not leave the page empty for long).
 */
export const PAGE_WAIT_MS = 2_500;

/** Runs `callback` once the browser has painted the current frame; returns a cancel. */
function afterNextPaint(callback: () => void): () => void {
  let timeout: number | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = window.setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timeout !== undefined) window.clearTimeout(timeout);
  };
}

/**
 * Whether the page under the detail pane renders yet. An address opened directly with a pane
 * (`/devices/{id}/overview`) renders the pane first. A pane that covers the page (full width,
 * or any pane on a narrow screen) leaves the page unrendered until it stops covering it: the
 * device list under a device's page is not seen, and was most of that page's blocking time on
 * a phone (issue 13). A compact pane beside the page lets the page follow in a transition once
 * the pane's content has painted its item (`useDetailPaneShown`), after its first paint when
 * the content does not say, or after PAGE_WAIT_MS at most. Closing the pane shows the page at
 * once. A pane opened over a page already shown changes nothing: the page keeps its place and
 * state.
 */
export function usePageAfterPane(
  paneOpen: boolean,
  covers: boolean,
): {
  showPage: boolean;
  signal: DetailPaneShownSignal;
} {
  const [waiting, setWaiting] = useState(paneOpen);
  if (waiting && !paneOpen) setWaiting(false);
  const claimed = useRef(false);
  const [paneShown, setPaneShown] = useState(false);
  const signal = useMemo<DetailPaneShownSignal>(
    () => ({
      claim: () => {
        claimed.current = true;
      },
      shown: () => setPaneShown(true),
    }),
    [],
  );

  useEffect(() => {
    if (!waiting || covers) return;
    const show = () => startTransition(() => setWaiting(false));
    if (claimed.current && !paneShown) {
      const timer = window.setTimeout(show, PAGE_WAIT_MS);
      return () => window.clearTimeout(timer);
    }
    return afterNextPaint(show);
  }, [waiting, covers, paneShown]);

  return { showPage: !waiting, signal };
}
