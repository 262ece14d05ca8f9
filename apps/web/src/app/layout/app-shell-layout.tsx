import type { CurrentUser } from '@aerie/contract';
import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { UserMenu } from '../../features/users/components/user-menu';
import { useRuntimeConfig } from '../../lib/config';
import { shellMessages } from '../messages';
import classes from './app-shell-layout.module.css';

export interface AppShellLayoutProps {
  user: CurrentUser;
  onSignOut: () => void;
}

export const MAIN_CONTENT_ID = 'main-content';

/** Top bar, collapsible navigation and main area (spec 000 §2.2). */
export function AppShellLayout({ user, onSignOut }: AppShellLayoutProps) {
  const { brand } = useRuntimeConfig();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [mobileOpened, { toggle: toggleMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(!user.settings.menuCollapsed);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <a href={`#${MAIN_CONTENT_ID}`} className="aerie-skip-link">
        {shellMessages.skipToContent}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
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
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              color="var(--aerie-header-fg)"
              className={classes.burger}
              aria-label={shellMessages.toggleNavigation}
              aria-expanded={desktopOpened}
            />
            <Link to="/home" className={classes.logo}>
              <Text component="span" fw={800} fz="xl" lts={0.5}>
                {brand}
              </Text>
            </Link>
          </Group>
          <UserMenu user={user} onSignOut={onSignOut} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={shellMessages.mainNavigation}>
        <NavLink
          component={Link}
          to="/home"
          label={shellMessages.home}
          active={pathname === '/home'}
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
