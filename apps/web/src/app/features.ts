import { dashboardsPages } from '../features/dashboards/pages';
import { deviceConfigPages } from '../features/device-config/pages';
import { devicesPages } from '../features/devices/pages';
import { diagnosticsPages } from '../features/diagnostics/pages';
import { healthPages } from '../features/health/pages';
import { jobsPages } from '../features/jobs/pages';
import { mailPages } from '../features/mail/pages';
import { metricsPages } from '../features/metrics/pages';
import { resourcesPages } from '../features/resources/pages';
import { shellPages } from '../features/shell/pages';
import { subscriptionsPages } from '../features/subscriptions/pages';
import { supportPages } from '../features/support/pages';
import { toolsPages } from '../features/tools/pages';
import type { FeaturePages } from '../lib/pages';

/**
 * The pages of every web feature (the web twin of apps/server/src/features/index.ts): each
 * feature declares them in its `pages.ts`; a new feature is added here, and the router stays
 * as it is. Every other route of the table shows a titled placeholder.
 *
 * NOTE: the declarations are imported from `pages.ts`, not from the features' index.ts: the
 * router is in the first chunk, which every page loads (public ones too), and an index
 * re-exports components whose modules the bundler keeps for their top-level code (the devices
 * and device-config indexes alone added 88 KB gzipped to it, docs/architecture.md).
 */
export const featurePages: readonly FeaturePages[] = [
  shellPages,
  dashboardsPages,
  healthPages,
  devicesPages,
  subscriptionsPages,
  deviceConfigPages,
  metricsPages,
  jobsPages,
  supportPages,
  mailPages,
  toolsPages,
  diagnosticsPages,
  resourcesPages,
];
