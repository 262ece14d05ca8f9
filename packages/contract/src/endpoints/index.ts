import type { EndpointDefinition } from '../http/endpoint.js';
import { accountsEndpoints } from './accounts.js';
import { apiClientsEndpoints } from './api-clients.js';
import { deviceConfigEndpoints } from './device-config.js';
import { deviceFeaturesEndpoints } from './device-features.js';
import { deviceOperationsEndpoints } from './device-operations.js';
import { devicesEndpoints } from './devices.js';
import { diagnosticsEndpoints } from './diagnostics.js';
import { docsEndpoints } from './docs.js';
import { feedEndpoints } from './feed.js';
import { fleetEndpoints } from './fleet.js';
import { healthEndpoints } from './health.js';
import { hubEndpoints } from './hub.js';
import { jobsEndpoints } from './jobs.js';
import { mailEndpoints } from './mail.js';
import { metricsEndpoints } from './metrics.js';
import { notificationsEndpoints } from './notifications.js';
import { referenceEndpoints } from './reference.js';
import { resourcesEndpoints } from './resources.js';
import { searchEndpoints } from './search.js';
import { shellEndpoints } from './shell.js';
import { subscriptionChangesEndpoints } from './subscription-changes.js';
import { subscriptionsEndpoints } from './subscriptions.js';
import { supportEndpoints } from './support.js';
import { telemetryEndpoints } from './telemetry.js';
import { toolsEndpoints } from './tools.js';
import { usersEndpoints } from './users.js';
import { zonesEndpoints } from './zones.js';

// Each area on its own: the web app imports only the areas a page calls, so a page's chunk
// carries only those schemas (issue 13; the whole table would put every schema in the entry).
export { accountsEndpoints } from './accounts.js';
export { apiClientsEndpoints } from './api-clients.js';
export { deviceConfigEndpoints } from './device-config.js';
export { deviceFeaturesEndpoints } from './device-features.js';
export { deviceOperationsEndpoints } from './device-operations.js';
export { devicesEndpoints } from './devices.js';
export { diagnosticsEndpoints } from './diagnostics.js';
export { docsEndpoints } from './docs.js';
export { feedEndpoints } from './feed.js';
export { fleetEndpoints } from './fleet.js';
export { healthEndpoints } from './health.js';
export { hubEndpoints } from './hub.js';
export { jobsEndpoints } from './jobs.js';
export { mailEndpoints } from './mail.js';
export { metricsEndpoints } from './metrics.js';
export { notificationsEndpoints } from './notifications.js';
export { referenceEndpoints } from './reference.js';
export { resourcesEndpoints } from './resources.js';
export { searchEndpoints } from './search.js';
export { shellEndpoints } from './shell.js';
export { subscriptionChangesEndpoints } from './subscription-changes.js';
export { subscriptionsEndpoints } from './subscriptions.js';
export { supportEndpoints } from './support.js';
export { telemetryEndpoints } from './telemetry.js';
export { toolsEndpoints } from './tools.js';
export { usersEndpoints } from './users.js';
export { zonesEndpoints } from './zones.js';

/**
 * Every HTTP endpoint of the API by area (the same names as the server's and the web app's
 * feature folders). The server registers routes only from these, the web app calls only these,
 * and the OpenAPI document lists exactly these.
 */
export const api = {
  accounts: accountsEndpoints,
  apiClients: apiClientsEndpoints,
  deviceConfig: deviceConfigEndpoints,
  deviceFeatures: deviceFeaturesEndpoints,
  deviceOperations: deviceOperationsEndpoints,
  devices: devicesEndpoints,
  diagnostics: diagnosticsEndpoints,
  docs: docsEndpoints,
  feed: feedEndpoints,
  fleet: fleetEndpoints,
  health: healthEndpoints,
  hub: hubEndpoints,
  jobs: jobsEndpoints,
  mail: mailEndpoints,
  metrics: metricsEndpoints,
  notifications: notificationsEndpoints,
  reference: referenceEndpoints,
  resources: resourcesEndpoints,
  search: searchEndpoints,
  shell: shellEndpoints,
  subscriptions: subscriptionsEndpoints,
  subscriptionChanges: subscriptionChangesEndpoints,
  support: supportEndpoints,
  telemetry: telemetryEndpoints,
  tools: toolsEndpoints,
  users: usersEndpoints,
  zones: zonesEndpoints,
} as const;

/** Every endpoint, for the OpenAPI document and the route-table test. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(api).flatMap(
  (area: Readonly<Record<string, EndpointDefinition>>) => Object.values(area),
);
