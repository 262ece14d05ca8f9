import type { CurrentUser } from '@aerie/contract';
import { Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import classes from './user-menu.module.css';

export interface UserMenuProps {
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email' | 'roleName'>;
  onSignOut: () => void;
}

export const USER_MENU_LABEL = 'User menu';
export const SIGN_OUT_LABEL = 'Sign out';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** The top bar's user dropdown (spec 000 §2.2): shows who is signed in and signs out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        {/* The accessible name starts with "User menu" and contains the visible text (WCAG 2.5.3). */}
        <UnstyledButton className={classes.button}>
          <VisuallyHidden>{`${USER_MENU_LABEL}: `}</VisuallyHidden>
          <span className={classes.avatar} aria-hidden="true">
            {initials(user.firstName, user.lastName)}
          </span>
          <span className={classes.label}>
            <Text component="span" size="sm" fw={600} lh={1.25} className={classes.name}>
              {fullName}
            </Text>
            <Text component="span" size="xs" lh={1.25} className={classes.role}>
              {user.roleName}
            </Text>
          </span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item onClick={onSignOut}>{SIGN_OUT_LABEL}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
