import { routeTable, type RouteDefinition, type RouteName } from '@aerie/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { PlaceholderPage, PublicPlaceholderPage } from '../components/placeholder/placeholder-page';
import { routeTitles } from '../lib/messages';
import { collectPages } from '../lib/pages';
import { featurePages } from './features';
import {
  SigninPopupCallbackPage,
  SigninSilentCallbackPage,
  SigninWindowCallbackPage,
  SignoutPopupCallbackPage,
} from './routes/auth-callback-pages';
import { BareNotFoundPage, NotFoundPage } from './routes/not-found-page';
import { RoutePage } from './routes/route-page';
import { RootErrorPage } from './routes/root-error-page';
import { StartPage } from './routes/start-page';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Opens the route in the detail pane (spec 000 §2.2 "a detail flag"). */
    detail?: boolean;
  }
}

/** The pages the features declare; every other route of the table shows a titled placeholder. */
const pages = collectPages(featurePages);

/** The signed-in application (shell, navigation, panes): public pages never load it. */
const ProtectedLayout = lazyRouteComponent(
  () => import('./layout/protected-layout'),
  'ProtectedLayout',
);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: BareNotFoundPage,
  errorComponent: RootErrorPage,
});

/** The route table with each path once (deviceOverview and remoteOverview share one). */
function uniqueRoutes(): RouteDefinition[] {
  const seen = new Set<string>();
  return routeTable.filter((route) =>
    seen.has(route.path) ? false : (seen.add(route.path), true),
  );
}

/** The closest route whose path is a prefix of this one: its parent in the tree. */
export function parentPathOf(path: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  for (const candidate of paths) {
    if (candidate !== path && path.startsWith(`${candidate}/`)) {
      if (!best || candidate.length > best.length) best = candidate;
    }
  }
  return best;
}

function pageFor(route: RouteDefinition): RouteComponent {
  const page = pages.get(route.name as RouteName)?.component;
  if (page) return page;
  const title = routeTitles[route.name as RouteName] ?? route.name;
  return function Placeholder() {
    return <PlaceholderPage title={title} />;
  };
}

function buildProtectedChildren(parent: AnyRoute): AnyRoute[] {
  const routes = uniqueRoutes().filter((route) => route.access !== 'public');
  const paths = routes.map((route) => route.path);
  const built = new Map<string, AnyRoute>();
  const children = new Map<string | null, AnyRoute[]>();

  const build = (route: RouteDefinition): AnyRoute => {
    const existing = built.get(route.path);
    if (existing) return existing;
    const parentPath = parentPathOf(route.path, paths);
    const parentRoute = parentPath
      ? build(routes.find((r) => r.path === parentPath) as RouteDefinition)
      : parent;
    const title = routeTitles[route.name as RouteName] ?? route.name;
    const page = pageFor(route);
    const validateSearch = pages.get(route.name as RouteName)?.validateSearch;
    const component = Object.assign(
      () => <RoutePage route={route} title={title} page={page} />,
      // The router preloads a route's component before it renders it (and on intent).
      page.preload ? { preload: page.preload } : {},
    );
    const created: AnyRoute = createRoute({
      getParentRoute: () => parentRoute,
      path: parentPath ? route.path.slice(parentPath.length + 1) : route.path,
      ...(validateSearch ? { validateSearch } : {}),
      component,
    });
    built.set(route.path, created);
    const siblings = children.get(parentPath) ?? [];
    siblings.push(created);
    children.set(parentPath, siblings);
    return created;
  };
  routes.forEach(build);

  for (const [path, route] of built) {
    const own = children.get(path);
    if (own) route.addChildren(own);
  }
  return children.get(null) ?? [];
}

function buildPublicRoutes(): AnyRoute[] {
  return uniqueRoutes()
    .filter((route) => route.access === 'public')
    .map((route) => {
      const Page =
        pages.get(route.name as RouteName)?.component ??
        function PublicPlaceholder() {
          return <PublicPlaceholderPage title={routeTitles[route.name as RouteName]} />;
        };
      return createRoute({
        getParentRoute: () => rootRoute,
        path: route.path,
        component: Page,
      });
    });
}

/**
 * spec 002: "Software downloads use /software/download?path=": the path of a file of the
 * software-downloads container, with or without the container's name in front.
 */
function softwareDownloadPath(path: unknown): string {
  const given = typeof path === 'string' ? path.trim() : '';
  if (given.startsWith('/software-downloads/')) return given;
  return `/software-downloads/${given.replace(/^\/+/, '')}`;
}

// spec 000 §2.1: /documentation and /documentation/* -> /resources,
// /software/* -> /resources/topic?rootDir=/documents/SOFTWARE, /software/download?path= -> the
// file's download page.
const redirectRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/software/download',
    beforeLoad: ({ search }) => {
      throw redirect({
        to: '/resources/download',
        search: { path: softwareDownloadPath((search as { path?: unknown }).path) },
        replace: true,
      });
    },
  }),
  ...['/documentation', '/documentation/$'].map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({ to: '/resources', replace: true });
      },
    }),
  ),
  ...['/software', '/software/$'].map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({
          to: '/resources/topic',
          search: { rootDir: '/documents/SOFTWARE' },
          replace: true,
        });
      },
    }),
  ),
];

// A device's or subscription's own address opens its first tab, the overview (issue 13).
const itemRoutes = (['/devices', '/subscriptions'] as const).map((list) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `${list}/$id`,
    beforeLoad: ({ params }) => {
      throw redirect({ to: `${list}/$id/overview`, params: { id: params.id }, replace: true });
    },
  }),
);

const callbackRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/signinwin/$name',
    component: SigninWindowCallbackPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/signinpop',
    component: SigninPopupCallbackPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/signoutpop',
    component: SignoutPopupCallbackPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/signinsilent',
    component: SigninSilentCallbackPage,
  }),
];

const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  component: ProtectedLayout,
});

// spec 000 §2.1: "/" redirects to /home (the default start route).
const startRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/',
  component: StartPage,
});

// An address no route matches shows "Page not found" inside the shell, with its navigation.
const notFoundRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '$',
  component: NotFoundPage,
});

export const routeTree = rootRoute.addChildren([
  ...buildPublicRoutes(),
  ...redirectRoutes,
  ...itemRoutes,
  ...callbackRoutes,
  protectedRoute.addChildren([
    startRoute,
    ...buildProtectedChildren(protectedRoute),
    notFoundRoute,
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
