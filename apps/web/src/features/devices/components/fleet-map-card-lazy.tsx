import { lazy } from 'react';

/**
 * The fleet map card, its code loaded apart from the page that shows it: /home's first load
 * stays small (scripts/check-bundle-budgets.mjs), and MapLibre itself waits until the card is
 * in view (fleet-map-card.tsx).
 */
export const FleetMapCard = lazy(() =>
  import('./fleet-map-card').then((module) => ({ default: module.FleetMapCard })),
);
