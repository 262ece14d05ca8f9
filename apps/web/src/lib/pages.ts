import type { RouteName } from '@aerie/contract';
import type { RouteComponent } from '@tanstack/react-router';
import type { z } from 'zod';

/**
 * A page a feature serves for one route of the contract's route table.
 *
 * `component` is a lazy route component, `lazyRouteComponent(() => import('./pages/x-page'),
 * 'XPage')`: the page loads when its route is first visited or preloaded (on hover or focus of
 * a link to it), so each page is a chunk of its own and the first page loads only what it
 * shows. The router preloads it (`component.preload`) before it renders the route.
 */
export interface PageDeclaration {
  component: RouteComponent;
  /**
   * For a route whose address carries state (a list's page and filters): the router validates
   * its search with this schema and hands the result to the route and its detail children.
   */
  validateSearch?: z.ZodType<Record<string, unknown>>;
}

/**
 * The pages of one feature, by route name, declared in the feature's `pages.ts` (listed in
 * app/features.ts). A route whose access is 'public' in the contract's route table is a public
 * page (no sign-in, no signed-in layout); its module lives under the feature's `pages/public/`,
 * where scripts/check-bundle-budgets.mjs measures it as a public page.
 *
 * NOTE: `pages.ts` is in the first chunk every page loads: it imports no page module
 * statically (only through `import()`), nor the feature's index or components; only what the
 * router needs up front (a search schema).
 */
export type FeaturePages = Partial<Record<RouteName, PageDeclaration>>;

/** Types a feature's pages declaration (a route name the table lacks does not compile). */
export function definePages(pages: FeaturePages): FeaturePages {
  return pages;
}

/** Every feature's pages in one map; two features serving the same route is a mistake. */
export function collectPages(features: readonly FeaturePages[]): Map<RouteName, PageDeclaration> {
  const pages = new Map<RouteName, PageDeclaration>();
  for (const feature of features) {
    for (const [name, page] of Object.entries(feature) as [RouteName, PageDeclaration][]) {
      if (pages.has(name)) throw new Error(`two features declare a page for the route ${name}`);
      pages.set(name, page);
    }
  }
  return pages;
}
