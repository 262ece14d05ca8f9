import type { RouteDefinition } from '@aerie/contract';
import { notifications } from '@mantine/notifications';
import {
  Navigate,
  Outlet,
  useChildMatches,
  useLocation,
  useMatch,
  useParams,
} from '@tanstack/react-router';
import { useEffect, type ComponentType } from 'react';
import { useMe } from '../../features/users';
import { useRuntimeConfig } from '../../lib/config';
import { libMessages } from '../../lib/messages';
import { useNamedPageTitle } from '../../lib/page-title';
import { DetailPaneLayer } from '../layout/detail-pane';
import { guardRedirect, isDetailRoute } from '../../lib/route-paths';

export interface RoutePageProps {
  route: RouteDefinition;
  title: string;
  /** The route's own page (shown under a detail pane when a detail child is open). */
  page: ComponentType;
}

interface MatchLike {
  fullPath: string;
  pathname: string;
  staticData?: { detail?: boolean };
}

function isDetail(match: MatchLike): boolean {
  // NOTE: a match's params hold every param of the address; whether this route itself
  // has the id param is read from its own path pattern.
  return isDetailRoute({
    params: /\/\$id(\/|$)/.test(match.fullPath) ? { id: true } : {},
    pathname: match.pathname,
    detail: match.staticData?.detail,
  });
}

/**
 * One route of the table: the role guard (a signed-in role without access goes to the
 * route's deniedRedirect, else /home, with a notice saying why), the page, and its child
 * routes: a detail child opens in the detail pane over the page, any other child replaces
 * the page. The document title is "{title} · {brand}", the title being the one the page
 * names (usePageTitle) or the route's.
 */
export function RoutePage({ route, title, page: Page }: RoutePageProps) {
  const { data: me } = useMe({ enabled: false });
  const { brand } = useRuntimeConfig();
  const self: MatchLike = useMatch({ strict: false });
  const child = useChildMatches({ select: (matches) => matches[0] as MatchLike | undefined });
  // The page under a detail pane keeps its view (filters, sort, page) when the pane closes:
  // links into the pane carry the page's search parameters.
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const redirectTo = me ? guardRedirect(route, me.role, params) : null;
  const namedTitle = useNamedPageTitle();

  useEffect(() => {
    if (!child && !redirectTo) document.title = `${namedTitle ?? title} · ${brand}`;
  }, [child, redirectTo, namedTitle, title, brand]);

  useEffect(() => {
    if (!redirectTo) return;
    // One notice however often the guard renders (the id keeps Mantine from repeating it).
    notifications.show({
      id: `route-denied-${route.name}`,
      color: 'yellow',
      title: libMessages.routeDeniedTitle,
      message: libMessages.routeDenied(title),
      autoClose: 8_000,
    });
  }, [redirectTo, route.name, title]);

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (child && (isDetail(self) || !isDetail(child))) return <Outlet />;
  return (
    <DetailPaneLayer
      page={<Page />}
      pane={
        child
          ? {
              closeTo: `${self.pathname}${searchStr}`,
              itemPath: itemPathOf(self.pathname, child.pathname),
              content: <Outlet />,
            }
          : null
      }
    />
  );
}

/** The item's own address under the page (`/devices/{id}` of `/devices/{id}/json`). */
function itemPathOf(pagePath: string, childPath: string): string {
  const base = pagePath.replace(/\/$/, '');
  const segment = childPath.slice(base.length + 1).split('/')[0] ?? '';
  return `${base}/${segment}`;
}
