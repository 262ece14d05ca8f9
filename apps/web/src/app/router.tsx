import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { ProtectedLayout } from './layout/protected-layout';
import {
  SigninPopupCallbackPage,
  SigninSilentCallbackPage,
  SigninWindowCallbackPage,
  SignoutPopupCallbackPage,
} from './routes/auth-callback-pages';
import { HomePage } from './routes/home-page';
import { LoadErrorPage } from './routes/load-error-page';
import { NotFoundPage } from './routes/not-found-page';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

// spec 000 §2.1: "/" redirects to /home.
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

const loadErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/loadError',
  component: LoadErrorPage,
});

const signinWindowRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signinwin/$name',
  component: SigninWindowCallbackPage,
});

const signinPopupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signinpop',
  component: SigninPopupCallbackPage,
});

const signoutPopupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signoutpop',
  component: SignoutPopupCallbackPage,
});

const signinSilentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signinsilent',
  component: SigninSilentCallbackPage,
});

const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  component: ProtectedLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/home',
  component: HomePage,
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loadErrorRoute,
  signinWindowRoute,
  signinPopupRoute,
  signoutPopupRoute,
  signinSilentRoute,
  protectedRoute.addChildren([homeRoute]),
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
