import { createContext, useContext, useEffect, useLayoutEffect } from 'react';

/** What the detail pane layer learns from the pane's content (app/layout/detail-pane.tsx). */
export interface DetailPaneShownSignal {
  /** The content will say when it shows its item: the layer waits for it. */
  claim: () => void;
  /** The content shows its item, or why it cannot. */
  shown: () => void;
}

export const DetailPaneShownContext = createContext<DetailPaneShownSignal | null>(null);

/**
 * Tells the detail pane layer when the pane shows its item (`shown` true once its data has
 * arrived or failed). Opened directly, the pane renders first and the page under it (the list)
 * after the pane has painted (issue 13: the overview's blocking time). Outside a pane it does
 * nothing.
 */
export function useDetailPaneShown(shown: boolean): void {
  const signal = useContext(DetailPaneShownContext);
  // A layout effect: the layer, a parent, reads the claim in its own (later) passive effect.
  useLayoutEffect(() => signal?.claim(), [signal]);
  useEffect(() => {
    if (shown) signal?.shown();
  }, [shown, signal]);
}
