import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose module loads when it is first rendered, as a chunk of its own: for what a
 * page shows only on demand (a pane, a panel, a dialog). Render it inside a `Suspense`.
 * A feature exports the lazy component from its index.ts, so the import stays inside the
 * feature and importing the index stays cheap.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
