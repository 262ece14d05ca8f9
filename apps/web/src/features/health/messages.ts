import type { CacheKind } from '@aerie/contract';

/** User-visible strings of system health, maintenance and caches (spec 000 §2.2, §8; 001 §4). */
export const healthMessages = {
  title: 'System Health',
  loadFailed: "System Health couldn't load.",
  refresh: 'Refresh',
  overall: 'Overall',
  states: { Healthy: 'Healthy', Degraded: 'Degraded', Unhealthy: 'Unhealthy' },
  service: 'Service',
  statusCode: 'Status code',
  version: 'Version',
  unknownVersion: 'unknown',
  maintenanceStrip: 'Maintenance Mode ON',
  maintenanceTitle: 'Maintenance mode',
  maintenanceSwitch: 'Maintenance mode',
  maintenanceHint: 'Shows the "Maintenance Mode ON" strip to every signed-in user.',
  maintenanceFailed: 'Maintenance mode could not be changed.',
  cachesTitle: 'Caches',
  maintenancePageTitle: 'Maintenance',
  maintenanceUnderway: (brand: string) =>
    `${brand} is undergoing routine maintenance. Please check back soon.`,
  maintenanceOver: 'The portal is available again.',
  portalAvailable: (brand: string) => `${brand} is available.`,
  maintenanceRechecking: 'The status is checked again every 30 seconds.',
  tryAgain: 'Try again',
  maintenanceChecking: 'Checking the portal’s status…',
  goHome: 'Go to Home',
  clearCache: (kind: CacheKind) => `Clear ${kind} cache`,
  cacheFailed: (kind: CacheKind) => `The ${kind} cache could not be cleared.`,
} as const;
