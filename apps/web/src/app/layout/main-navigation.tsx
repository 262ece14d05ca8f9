import type { RoleKey } from '@aerie/contract';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { Icon } from '../../components/ui/icons';
import { isActivePath, navigationItemsFor } from './navigation-items';
import classes from './main-navigation.module.css';

export interface MainNavigationProps {
  role: RoleKey;
  /** Collapsed: an icon rail; each link keeps its name for assistive tech and a tooltip. */
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The left navigation (spec 000 §2.3), plain links in tab order. */
export function MainNavigation({ role, collapsed, onNavigate }: MainNavigationProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Stack gap={4} component="ul" className={classes.list}>
      {navigationItemsFor(role).map((item) => {
        const active = isActivePath(item.path, pathname);
        const link = (
          <NavLink
            component={Link}
            to={item.path}
            {...(collapsed ? { 'aria-label': item.label } : { label: item.label })}
            aria-current={active ? 'page' : undefined}
            active={active}
            leftSection={<Icon name={item.icon} size={20} />}
            className={classes.link}
            data-collapsed={collapsed || undefined}
            onClick={() => onNavigate?.()}
          />
        );
        return (
          <li key={item.path}>
            {collapsed ? (
              <Tooltip label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
}
