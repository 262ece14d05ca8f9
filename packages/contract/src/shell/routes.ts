import { roleCan, type Permission, type RoleKey } from '../roles.js';

/**
 * Who may open a route (spec 000 §2.1): `public` needs no session, `signedIn` any signed-in
 * user, otherwise a permission of the role table (roles.ts), the same one the server checks.
 */
export type RouteAccess = 'public' | 'signedIn' | { readonly permission: Permission };

export interface RouteDefinition {
  name: string;
  /** Path pattern with `$param` segments (TanStack Router style). */
  path: string;
  access: RouteAccess;
  /**
   * Where a signed-in user without access is sent (default `/home`); it may use the route's own
   * params (`$id`), as a device tab that sends to the device's overview.
   */
  deniedRedirect?: string;
}

/** Pages of every role that sees devices (all six). */
const DEVICES = { permission: 'devices.view' } as const;
/** Subscription pages (not Credentialed). */
const SUBSCRIPTIONS = { permission: 'subscriptions.view' } as const;
/** Admin pages (not Credentialed). */
const ADMIN = { permission: 'admin.access' } as const;
/** The provider's own admin pages (software, network): Super User and the brand Admin. */
const PROVIDER_ADMIN = { permission: 'admin.provider' } as const;
/** Diagnostics upload and download (spec 000 §6): Super User, the brand Admin, Sales Support. */
const DIAGNOSTICS = { permission: 'diagnostics.upload' } as const;
const API_DOCS = { permission: 'apidocs.view' } as const;
/** Where a device tab the role may not open sends it: the same device's overview. */
const DEVICE_OVERVIEW = '/devices/$id/overview';

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
    access: SUBSCRIPTIONS,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscription2Overview',
    path: '/subscriptions/$id/overview',
    access: SUBSCRIPTIONS,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscriptionOverview',
    path: '/subscriptions/$id/overview',
    access: SUBSCRIPTIONS,
    deniedRedirect: '/dashboard',
  },
  {
    name: 'subscription2Json',
    path: '/subscriptions/$id/json',
    access: { permission: 'subscriptions.json' },
    deniedRedirect: '/dashboard',
  },
  { name: 'devices', path: '/devices', access: DEVICES },
  { name: 'deviceOverview', path: '/devices/$id/overview', access: DEVICES },
  { name: 'remoteOverview', path: '/devices/$id/overview', access: DEVICES },
  { name: 'deviceConfiguration', path: '/devices/$id/configuration', access: DEVICES },
  { name: 'deviceUsage', path: '/devices/$id/usage', access: DEVICES },
  { name: 'deviceMetrics', path: '/devices/$id/metrics', access: DEVICES },
  // A device tab the role may not open sends to the device's overview (issue 13).
  {
    name: 'deviceJson',
    path: '/devices/$id/json',
    access: { permission: 'devices.json' },
    deniedRedirect: DEVICE_OVERVIEW,
  },
  {
    name: 'deviceDiagnosticBrowser',
    path: '/devices/$id/diagnostics',
    access: DIAGNOSTICS,
    deniedRedirect: DEVICE_OVERVIEW,
  },
  {
    name: 'deviceDiagnosticAnalyze',
    path: '/devices/$id/diagnostics/analyze/$fileHash/$selectedReport',
    access: DIAGNOSTICS,
    deniedRedirect: DEVICE_OVERVIEW,
  },
  { name: 'diagnosticDownload', path: '/diagnostic/download', access: DIAGNOSTICS },
  { name: 'reports', path: '/reports', access: 'signedIn' },
  { name: 'api', path: '/api', access: API_DOCS },
  { name: 'resources', path: '/resources', access: 'signedIn' },
  { name: 'documentationTopics', path: '/resources/topics', access: 'signedIn' },
  { name: 'documentationTopic', path: '/resources/topic', access: 'signedIn' },
  { name: 'downloadDocumentationFile', path: '/resources/download', access: 'signedIn' },
  { name: 'documentationSearch', path: '/resources/search', access: 'signedIn' },
  { name: 'admin', path: '/admin', access: ADMIN },
  { name: 'adminAccount', path: '/admin/account', access: ADMIN },
  { name: 'adminUserManagement', path: '/admin/users', access: ADMIN },
  { name: 'adminSoftware', path: '/admin/software', access: PROVIDER_ADMIN },
  { name: 'adminNetwork', path: '/admin/network', access: PROVIDER_ADMIN },
  // Staff read and answer support tickets, and read the portal's mail (decisions 033, 034).
  { name: 'adminTickets', path: '/admin/tickets', access: { permission: 'support.tickets' } },
  { name: 'adminMail', path: '/admin/mail', access: { permission: 'mail.view' } },
  { name: 'jobs', path: '/jobs', access: 'signedIn' },
  { name: 'jobDetail', path: '/jobs/$id', access: 'signedIn' },
  { name: 'health', path: '/health', access: { permission: 'health.view' } },
  { name: 'tools', path: '/tools', access: 'signedIn' },
  { name: 'optionsFileValidator', path: '/tools/optionsFileValidator', access: 'signedIn' },
  { name: 'diagnosticsUpload', path: '/tools/diagnosticsUpload', access: DIAGNOSTICS },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routeTable)[number]['name'];

/** Redirects of spec 000 §2.1 (path prefix -> target). */
/** The public pages' paths as patterns (`$param` is one segment). */
const publicPathPatterns = routeTable
  .filter((route) => route.access === 'public')
  .map((route) => new RegExp(`^${route.path.replace(/\$[A-Za-z0-9_]+/g, '[^/]+')}/?$`));

/** True for the address of a public page of the route table (no sign-in needed). */
export function isPublicPagePath(pathname: string): boolean {
  return publicPathPatterns.some((pattern) => pattern.test(pathname));
}

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
  return roleCan(role, access.permission);
}

/** The left navigation of spec 000 §2.3, plus Jobs (Application Health sits in the user panel). */
export const navigationLinks = [
  { label: 'Home', path: '/home', access: 'signedIn' },
  { label: 'Devices', path: '/devices', access: DEVICES },
  { label: 'Subscriptions', path: '/subscriptions', access: SUBSCRIPTIONS },
  // issue 13: background jobs (hub syncs, provisioning) are followed from the navigation.
  { label: 'Jobs', path: '/jobs', access: 'signedIn' },
  { label: 'Portal API', path: '/api', access: API_DOCS },
  { label: 'Resources', path: '/resources', access: 'signedIn' },
  { label: 'Tools', path: '/tools/optionsFileValidator', access: 'signedIn' },
  { label: 'Admin', path: '/admin', access: ADMIN },
] as const satisfies readonly { label: string; path: string; access: RouteAccess }[];

/** Application Health link in the user panel: Super User only (spec 000 §2.3, §6). */
export const APPLICATION_HEALTH_LINK: Permission = 'health.link';
/** Show Detailed Errors switch (spec 000 §6). */
export const DETAILED_ERRORS: Permission = 'errors.detailed';
