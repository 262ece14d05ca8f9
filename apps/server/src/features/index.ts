import { createAccountsFeature } from './accounts/index.js';
import { createApiClientsFeature } from './api-clients/index.js';
import { createDeviceConfigFeature } from './device-config/index.js';
import { createDeviceFeaturesFeature } from './device-features/index.js';
import { createDeviceOperationsFeature } from './device-operations/index.js';
import { createDevicesFeature } from './devices/index.js';
import { createDocsFeature } from './docs/index.js';
import { createDiagnosticsFeature } from './diagnostics/index.js';
import type { FeatureFactory } from './feature.js';
import { createFeedFeature } from './feed/index.js';
import { createHealthFeature } from './health/index.js';
import { createHubFeature } from './hub/index.js';
import { createJobsFeature } from './jobs/index.js';
import { createMailFeature } from './mail/index.js';
import { createMetricsFeature } from './metrics/index.js';
import { createNotificationsFeature } from './notifications/index.js';
import { createReferenceFeature } from './reference/index.js';
import { createResourcesFeature } from './resources/index.js';
import { createSearchFeature } from './search/index.js';
import { createShellFeature } from './shell/index.js';
import { createSubscriptionReportFeature } from './subscription-report/index.js';
import { createSubscriptionsFeature } from './subscriptions/index.js';
import { createSupportFeature } from './support/index.js';
import { createTelemetryFeature } from './telemetry/index.js';
import { createToolsFeature } from './tools/index.js';
import { createUsersFeature } from './users/index.js';
import { createZonesFeature } from './zones/index.js';

export type { AppServices, FeatureContext, FeatureFactory, ServerFeature } from './feature.js';
export {
  createAccountsFeature,
  createDevicesFeature,
  createDiagnosticsFeature,
  createJobsFeature,
  createMailFeature,
  createNotificationsFeature,
  createResourcesFeature,
  createTelemetryFeature,
};

/**
 * Every feature of the server, in the order the app registers their routes (all in the
 * authenticated scope). A new feature is added here, and app.ts stays as it is.
 */
export const serverFeatures: readonly FeatureFactory[] = [
  createDocsFeature,
  createHealthFeature,
  createShellFeature,
  createUsersFeature,
  createApiClientsFeature,
  createAccountsFeature,
  createNotificationsFeature,
  createFeedFeature,
  createDevicesFeature,
  createDeviceFeaturesFeature,
  createDeviceConfigFeature,
  createMetricsFeature,
  createTelemetryFeature,
  createHubFeature,
  createZonesFeature,
  createJobsFeature,
  createDeviceOperationsFeature,
  createSubscriptionsFeature,
  createSubscriptionReportFeature,
  createReferenceFeature,
  createSearchFeature,
  createMailFeature,
  createSupportFeature,
  createToolsFeature,
  createResourcesFeature,
  createDiagnosticsFeature,
];
