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
 * (`/devices/{id}/overview`) renders the pane first; the page (the device list, hidden under a
 * full-width pane) follows in a transition once the pane's content has painted its item
 * (`useDetailPaneShown`), after its first paint when the content does not say, or after
 * PAGE_WAIT_MS at most. Closing the pane shows the page at once. A pane opened over a page
 * already shown changes nothing: the page keeps its place and state.
 */
export function usePageAfterPane(paneOpen: boolean): {
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
    if (!waiting) return;
    const show = () => startTransition(() => setWaiting(false));
    if (claimed.current && !paneShown) {
      const timer = window.setTimeout(show, PAGE_WAIT_MS);
      return () => window.clearTimeout(timer);
    }
    return afterNextPaint(show);
  }, [waiting, paneShown]);

  return { showPage: !waiting, signal };
}
