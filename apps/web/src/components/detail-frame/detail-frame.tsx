import { canAccess } from '@aerie/contract';
import { Alert, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useMe } from '../../features/users';
import { isApiError } from '../../lib/api-client';
import { itemRoutePath, routesByName, type ItemRouteName } from '../../lib/route-paths';

/** One tab of an item's detail: its section, the route that shows it and its label. */
export interface DetailTab<S extends string> {
  section: S;
  route: ItemRouteName;
  label: string;
}

export interface DetailFrameProps<S extends string> {
  /** The item's name, the pane's heading. */
  title: string;
  /** Beside the heading (a serial, a product code, the pin). */
  aside?: ReactNode;
  /** The item's id: the tabs' routes take it as `$id`. */
  itemId: string;
  section: S;
  /** Every tab in order; those the role may not open are left out. */
  tabs: readonly DetailTab<S>[];
  tabsLabel: string;
  children: ReactNode;
}

/**
 * The frame of an item's detail in the detail pane (a device, a subscription): its heading,
 * the tabs the role may open and the open section. A tab keeps the address's search, so the
 * list under the pane keeps its view from tab to tab.
 */
export function DetailFrame<S extends string>({
  title,
  aside,
  itemId,
  section,
  tabs,
  tabsLabel,
  children,
}: DetailFrameProps<S>) {
  const { data: me } = useMe({ enabled: false });
  const navigate = useNavigate();
  const shown = tabs.filter(({ route }) => {
    const definition = routesByName.get(route);
    return me && definition ? canAccess(definition.access, me.role) : false;
  });
  const label = shown.find((t) => t.section === section)?.label ?? section;
  return (
    <Stack gap="md">
      {/* Clear of the detail pane's close button, which sits over the top right corner. */}
      <Group justify="space-between" wrap="nowrap" pr={40} align="baseline">
        <Title order={1} size="h2">
          {title}
        </Title>
        {aside}
      </Group>
      <Tabs
        value={section}
        onChange={(value) => {
          const tab = shown.find((t) => t.section === value);
          if (tab) void navigate({ to: itemRoutePath(tab.route, itemId), search: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={tabsLabel}>
          {shown.map((tab) => (
            <Tabs.Tab key={tab.section} value={tab.section}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <div role="tabpanel" aria-label={label}>
        {children}
      </div>
    </Stack>
  );
}

export interface DetailLoadStateProps {
  error: unknown;
  loadingLabel: string;
  /** Shown for a 404 (or a malformed id's 400): no such item, or not the caller's. */
  notFound: string;
  loadFailed: string;
}

/** An item's detail before it arrives: a loader, or why it cannot be shown. */
export function DetailLoadState({
  error,
  loadingLabel,
  notFound,
  loadFailed,
}: DetailLoadStateProps) {
  if (!error) return <Loader role="status" aria-label={loadingLabel} />;
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    // Clear of the detail pane's close button, which sits over the top right corner.
    <Alert color={missing ? 'gray' : 'red'} role="alert" mr={48}>
      {missing ? notFound : loadFailed}
    </Alert>
  );
}
