import {
  canAccess,
  routeTable,
  type RoleKey,
  type RouteDefinition,
  type RouteName,
} from '@aerie/contract';

type RouteByName<N extends RouteName> = Extract<(typeof routeTable)[number], { name: N }>;

/** `$id/…/$fileHash` -> 'id' | 'fileHash' */
type ParamNames<P extends string> = P extends `${string}$${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : P extends `${string}$${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> = Record<ParamNames<RouteByName<N>['path']>, string>;

/** The routes of one item's page: their only param is the item's `$id` (a device's tabs). */
export type ItemRouteName = {
  [N in RouteName]: [ParamNames<RouteByName<N>['path']>] extends ['id'] ? N : never;
}[RouteName];

/** The address of an item's page: `itemRoutePath('deviceJson', id)`. */
export function itemRoutePath(name: ItemRouteName, id: string): string {
  return routePath(name as RouteName, { id } as never);
}

type RouteArgs<N extends RouteName> = [ParamNames<RouteByName<N>['path']>] extends [never]
  ? [params?: Record<string, never>, search?: Record<string, string>]
  : [params: RouteParams<N>, search?: Record<string, string>];

export const routesByName = new Map<string, RouteDefinition>(
  routeTable.map((route) => [route.name, route]),
);

/**
 * The address of a named route (spec 000 §2.1 "Named routes"), with typed params:
 * `routePath('deviceOverview', { id })` -> `/devices/{id}/overview`.
 */
export function routePath<N extends RouteName>(name: N, ...[params, search]: RouteArgs<N>): string {
  const route = routesByName.get(name);
  if (!route) throw new Error(`unknown route ${name}`);
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/\$([A-Za-z0-9_]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`route ${name} needs the param ${key}`);
    return encodeURIComponent(value);
  });
  const query = search && Object.keys(search).length > 0 ? `?${new URLSearchParams(search)}` : '';
  return `${path}${query}`;
}

/**
 * Where a signed-in role without access to a route goes (spec 000 §2.1): the route's
 * `deniedRedirect` with the current params filled in, else /home. Null when the role may
 * open it.
 */
export function guardRedirect(
  route: RouteDefinition,
  role: RoleKey,
  params: Readonly<Record<string, string | undefined>> = {},
): string | null {
  if (canAccess(route.access, role)) return null;
  const target = route.deniedRedirect ?? '/home';
  if (/\$[A-Za-z0-9_]+/.test(target)) {
    const filled = target.replace(/\$([A-Za-z0-9_]+)/g, (match, key: string) => {
      const value = params[key];
      return value === undefined ? match : encodeURIComponent(value);
    });
    return filled.includes('$') ? '/home' : filled;
  }
  return target;
}

/** The default start route setting (a route name, default home) as an address for this role. */
export function startPath(defaultStartRoute: string, role: RoleKey): string {
  const route = routesByName.get(defaultStartRoute);
  if (!route || route.path.includes('$') || route.access === 'public') return '/home';
  return canAccess(route.access, role) ? route.path : '/home';
}

/** Routes a user may pick as the default start route: top-level pages open to the role. */
export function startRouteOptions(role: RoleKey): RouteDefinition[] {
  return routeTable.filter(
    (route) =>
      route.access !== 'public' &&
      /^\/[A-Za-z]+$/.test(route.path) &&
      canAccess(route.access, role),
  );
}

/**
 * Whether a matched route opens the detail pane (spec 000 §2.2): it has an id param,
 * a detail flag, or its path contains /create.
 */
export function isDetailRoute(match: {
  params: Record<string, unknown>;
  pathname: string;
  detail?: boolean | undefined;
}): boolean {
  return (
    match.params['id'] !== undefined || match.detail === true || match.pathname.includes('/create')
  );
}

/** Left offset of the detail pane (spec 000 §9): full width 190/52, compact 605/467. */
export function detailPaneOffset(settings: {
  detailFullWidth: boolean;
  menuCollapsed: boolean;
}): number {
  if (settings.detailFullWidth) return settings.menuCollapsed ? 52 : 190;
  return settings.menuCollapsed ? 467 : 605;
}
