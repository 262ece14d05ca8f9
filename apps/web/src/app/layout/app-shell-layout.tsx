import type { CurrentUser } from '@aerie/contract';
import { ActionIcon, AppShell, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { Icon } from '../../components/ui/icons';
import { MaintenanceStrip } from '../../features/health';
import { GlobalSearch } from '../../features/search';
import { NotificationBell, useSendTestNotification } from '../../features/notifications';
import { UserPanel, usersMessages, useUpdateSettings } from '../../features/users';
import { useRuntimeConfig } from '../../lib/config';
import { useStore } from '../../lib/store';
import { routeTitles } from '../../lib/messages';
import { shellMessages } from '../messages';
import { startRouteOptions } from '../../lib/route-paths';
import { ContextPaneHost } from './context-pane-host';
import { contextPane, toggleContextPane } from '../../lib/context-pane-store';
import { MainNavigation } from './main-navigation';
import classes from './app-shell-layout.module.css';
import { showToast } from '../../lib/toast';

export interface AppShellLayoutProps {
  user: CurrentUser;
  onSignOut: () => void;
}

export const MAIN_CONTENT_ID = 'main-content';
const HEADER_Z_INDEX = 160;
/** Navigation widths: expanded and collapsed (spec 000 §9 detail offsets 190 and 52). */
export const NAV_WIDTH = { expanded: 190, collapsed: 52 } as const;

/** Top bar, collapsible navigation, main area, detail and context panes (spec 000 §2.2). */
export function AppShellLayout({ user, onSignOut }: AppShellLayoutProps) {
  const { brand } = useRuntimeConfig();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const updateSettings = useUpdateSettings();
  const sendTest = useSendTestNotification();
  const pane = useStore(contextPane);
  const collapsed = user.settings.menuCollapsed;
  const startOptions = startRouteOptions(user.role).map((route) => ({
    value: route.name,
    label: routeTitles[route.name as keyof typeof routeTitles] ?? route.name,
  }));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: {
          base: NAV_WIDTH.expanded,
          sm: collapsed ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded,
        },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: false },
      }}
      padding="lg"
    >
      <a href={`#${MAIN_CONTENT_ID}`} className="aerie-skip-link">
        {shellMessages.skipToContent}
      </a>
      {/* Above the detail (120) and context (150) panes, below modals (200): the global search's
          list opens over a pane. The header itself never overlaps them (they start below it). */}
      <AppShell.Header className={classes.header} zIndex={HEADER_Z_INDEX}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              color="var(--aerie-header-fg)"
              className={classes.burger}
              aria-label={shellMessages.toggleNavigation}
              aria-expanded={mobileOpened}
            />
            <Link to="/home" className={classes.logo}>
              <Text component="span" fw={800} fz="xl" lts={0.5}>
                {brand}
              </Text>
            </Link>
          </Group>
          <GlobalSearch />
          <Group gap={6} wrap="nowrap">
            <MaintenanceStrip />
            <NotificationBell
              className={classes.iconButton}
              expanded={pane === 'notifications'}
              onClick={() => toggleContextPane('notifications')}
            />
            <PaneButton pane="support" label={shellMessages.support} open={pane === 'support'} />
            <PaneButton pane="feedback" label={shellMessages.feedback} open={pane === 'feedback'} />
            <UserPanel
              user={user}
              onSignOut={onSignOut}
              startRouteOptions={startOptions}
              onSendTestNotification={async () => {
                await sendTest.mutateAsync();
                showToast({
                  message: usersMessages.testNotificationSent,
                  autoClose: 3_000,
                });
              }}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p={collapsed ? 6 : 'sm'}
        aria-label={shellMessages.mainNavigation}
        component="nav"
      >
        <AppShell.Section grow>
          <MainNavigation
            role={user.role}
            collapsed={collapsed && !mobileOpened}
            onNavigate={closeMobile}
          />
        </AppShell.Section>
        <AppShell.Section visibleFrom="sm">
          <Tooltip
            label={collapsed ? shellMessages.expandNavigation : shellMessages.collapseNavigation}
            position="right"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              className={classes.collapse}
              aria-label={
                collapsed ? shellMessages.expandNavigation : shellMessages.collapseNavigation
              }
              aria-expanded={!collapsed}
              onClick={() => updateSettings.mutate({ menuCollapsed: !collapsed })}
            >
              <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} size={18} />
            </ActionIcon>
          </Tooltip>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
      <ContextPaneHost />
    </AppShell>
  );
}

interface PaneButtonProps {
  pane: 'support' | 'feedback';
  label: string;
  open: boolean;
}

/** A top-bar button that opens or closes one context pane. */
function PaneButton({ pane, label, open }: PaneButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="transparent"
        size="lg"
        className={classes.iconButton}
        aria-label={label}
        aria-expanded={open}
        onClick={() => toggleContextPane(pane)}
      >
        <Icon name={pane} size={22} />
      </ActionIcon>
    </Tooltip>
  );
}
