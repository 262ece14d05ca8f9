import { useEffect } from 'react';
import { createStore, useStore } from './store';

/** The open page's own title (a device tab's '{device name} / {section}'), if it names one. */
const pageTitle = createStore<string | null>(null);

/**
 * Names the open page in the document title in place of its route's title; the route adds
 * the brand ("{title} · {brand}"). Null while there is nothing to name yet (still loading).
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    pageTitle.set(title);
    return () => {
      // NOTE: the next page's effect may already have set its own title.
      if (pageTitle.get() === title) pageTitle.set(null);
    };
  }, [title]);
}

/** The title the open page named, or null (the route's title applies). */
export function useNamedPageTitle(): string | null {
  return useStore(pageTitle);
}
