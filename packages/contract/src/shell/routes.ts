import type { RoleKey } from '../roles.js';

/**
 * Who may open a route (spec 000 §2.1): `public` needs no session, `signedIn`
 * any signed-in user, otherwise the listed roles.
 */
export type RouteAccess = 'public' | 'signedIn' | readonly RoleKey[];

export interface RouteDefinition {
  name: string;
  /** Path pattern with `$param` segments (TanStack Router style). */
  path: string;
  access: RouteAccess;
  /** Where a signed-in user without access is sent (default `/home`). */
  deniedRedirect?: string;
}

const ADMIN_ROLES = [
  'superUser',
  'providerAdmin',
  'salesSupport',
  'productSupport',
  'accountAdmin',
] as const;
const DEVICE_ROLES = [...ADMIN_ROLES, 'credentialed'] as const;
const DIAGNOSTIC_ROLES = ['superUser', 'providerAdmin', 'salesSupport'] as const;
const STAFF_ADMIN = ['superUser', 'providerAdmin'] as const;
const API_DOC_ROLES = ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'] as const;

export const ROLE_GROUPS = {
  ADMIN_ROLES,
  DEVICE_ROLES,
  DIAGNOSTIC_ROLES,
  STAFF_ADMIN,
  API_DOC_ROLES,
} as const;

/** The route table of spec 000 §2.1 with the named routes of 001 and 002. */
export const routeTable = [
  { name: 'maintenance', path: '/maintenance', access: 'public' },
  { name: 'welcome', path: '/welcome', access: 'public' },
  { name: 'configurator', path: '/configurator', access: 'public' },
  { name: 'home', path: '/home', access: 'signedIn' },
  { name: 'loadError', path: '/loadError', access: 'public' },
  { name: 'dashboard', path: '/dashboard', access: 'signedIn' },
  {
    name: 'subscriptions',
    path: '/subscriptions',
    access: ADMIN_ROLES,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscription2Overview',
    path: '/subscriptions/$id/overview',
    access: ADMIN_ROLES,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscriptionOverview',
    path: '/subscriptions/$id/overview',
    access: ADMIN_ROLES,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscription2Json',
    path: '/subscriptions/$id/json',
    access: STAFF_ADMIN,
    deniedRedirect: '/dashboard',
  },
  { name: 'devices', path: '/devices', access: DEVICE_ROLES },
  { name: 'deviceOverview', path: '/devices/$id/overview', access: DEVICE_ROLES },
  { name: 'remoteOverview', path: '/devices/$id/overview', access: DEVICE_ROLES },
  { name: 'deviceConfiguration', path: '/devices/$id/configuration', access: DEVICE_ROLES },
  { name: 'deviceUsage', path: '/devices/$id/usage', access: DEVICE_ROLES },
  { name: 'deviceMetrics', path: '/devices/$id/metrics', access: DEVICE_ROLES },
  { name: 'deviceJson', path: '/devices/$id/json', access: STAFF_ADMIN },
  { name: 'deviceDiagnosticBrowser', path: '/devices/$id/diagnostics', access: DIAGNOSTIC_ROLES },
  {
    name: 'deviceDiagnosticAnalyze',
    path: '/devices/$id/diagnostics/analyze/$fileHash/$selectedReport',
    access: DIAGNOSTIC_ROLES,
  },
  { name: 'diagnosticDownload', path: '/diagnostic/download', access: DIAGNOSTIC_ROLES },
  { name: 'reports', path: '/reports', access: 'signedIn' },
  { name: 'api', path: '/api', access: API_DOC_ROLES },
  { name: 'resources', path: '/resources', access: 'signedIn' },
  { name: 'documentationTopics', path: '/resources/topics', access: 'signedIn' },
  { name: 'documentationTopic', path: '/resources/topic', access: 'signedIn' },
  { name: 'downloadDocumentationFile', path: '/resources/download', access: 'signedIn' },
  { name: 'documentationSearch', path: '/resources/search', access: 'signedIn' },
  { name: 'admin', path: '/admin', access: ADMIN_ROLES },
  { name: 'adminAccount', path: '/admin/account', access: ADMIN_ROLES },
  { name: 'adminUserManagement', path: '/admin/users', access: ADMIN_ROLES },
  { name: 'adminSoftware', path: '/admin/software', access: STAFF_ADMIN },
  { name: 'adminNetwork', path: '/admin/network', access: STAFF_ADMIN },
  { name: 'jobs', path: '/jobs', access: 'signedIn' },
  { name: 'jobDetail', path: '/jobs/$id', access: 'signedIn' },
  { name: 'health', path: '/health', access: STAFF_ADMIN },
  { name: 'tools', path: '/tools', access: 'signedIn' },
  { name: 'optionsFileValidator', path: '/tools/optionsFileValidator', access: 'signedIn' },
  { name: 'diagnosticsUpload', path: '/tools/diagnosticsUpload', access: DIAGNOSTIC_ROLES },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routeTable)[number]['name'];

/** Redirects of spec 000 §2.1 (path prefix -> target). */
export const routeRedirects = [
  { from: '/', exact: true, to: '/home' },
  { from: '/documentation', exact: false, to: '/resources' },
  { from: '/software', exact: false, to: '/resources/topic?rootDir=/documents/SOFTWARE' },
] as const;

/** Whether a role may open a route with the given access rule. */
export function canAccess(access: RouteAccess, role: RoleKey | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'signedIn') return true;
  return access.includes(role);
}

/** The left navigation of spec 000 §2.3 (Application Health sits in the user panel). */
export const navigationLinks = [
  { label: 'Home', path: '/home', access: 'signedIn' },
  { label: 'Devices', path: '/devices', access: DEVICE_ROLES },
  { label: 'Subscriptions', path: '/subscriptions', access: ADMIN_ROLES },
  { label: 'Portal API', path: '/api', access: API_DOC_ROLES },
  { label: 'Resources', path: '/resources', access: 'signedIn' },
  { label: 'Tools', path: '/tools/optionsFileValidator', access: 'signedIn' },
  { label: 'Admin', path: '/admin', access: ADMIN_ROLES },
] as const satisfies readonly { label: string; path: string; access: RouteAccess }[];

/** Application Health link in the user panel: Super User only (spec 000 §2.3, §6). */
export const APPLICATION_HEALTH_LINK_ROLES: readonly RoleKey[] = ['superUser'];
/** Show Detailed Errors switch (spec 000 §6). */
export const DETAILED_ERRORS_ROLES: readonly RoleKey[] = ['superUser', 'providerAdmin'];
