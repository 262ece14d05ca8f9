import type { CurrentUser } from '@aerie/contract';
import {
  Button,
  Center,
  Divider,
  Loader,
  Popover,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { libMessages } from '../../../lib/messages';
import { ApiClientsTab } from '../../api-clients';
import { usersMessages } from '../messages';
import { UserHomeTab } from './user-home-tab';

/** The settings form loads when its tab is first opened. */
const UserSettingsTab = lazyComponent(() =>
  import('./user-settings-tab').then((m) => m.UserSettingsTab),
);

function TabLoader() {
  return (
    <Center py="md">
      <Loader size="sm" role="status" aria-label={libMessages.loading} />
    </Center>
  );
}
import classes from './user-menu.module.css';

export interface UserPanelProps {
  user: CurrentUser;
  onSignOut: () => void;
  startRouteOptions: { value: string; label: string }[];
  onSendTestNotification?: () => Promise<void>;
}

type PanelTab = 'home' | 'settings' | 'apiClients';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** The top bar's user dropdown: the user panel with Home, Settings and API Clients (spec 000 §2.4). */
export function UserPanel({
  user,
  onSignOut,
  startRouteOptions,
  onSendTestNotification,
}: UserPanelProps) {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<PanelTab>('home');
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        {/* The accessible name starts with "User menu" and contains the visible text (WCAG 2.5.3). */}
        <UnstyledButton
          className={classes.button}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((open) => !open)}
        >
          <VisuallyHidden>{`${usersMessages.userMenu}: `}</VisuallyHidden>
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
      </Popover.Target>
      <Popover.Dropdown aria-label={usersMessages.userMenu} role="dialog" p="sm">
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as PanelTab)}
          keepMounted={false}
        >
          <Tabs.List grow>
            <Tabs.Tab value="home">{usersMessages.tabHome}</Tabs.Tab>
            <Tabs.Tab value="settings">{usersMessages.tabSettings}</Tabs.Tab>
            <Tabs.Tab value="apiClients">{usersMessages.tabApiClients}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="home" pt="sm">
            <UserHomeTab
              user={user}
              onShowTab={setTab}
              onNavigate={() => setOpened(false)}
              {...(onSendTestNotification ? { onSendTestNotification } : {})}
            />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="sm">
            <Suspense fallback={<TabLoader />}>
              <UserSettingsTab user={user} startRouteOptions={startRouteOptions} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="apiClients" pt="sm">
            <Suspense fallback={<TabLoader />}>
              <ApiClientsTab />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
        <Divider my="sm" />
        <Button
          variant="default"
          fullWidth
          onClick={() => {
            setOpened(false);
            onSignOut();
          }}
        >
          {usersMessages.signOut}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
