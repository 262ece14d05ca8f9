import {
  APPLICATION_HEALTH_LINK,
  roleCan,
  TEST_NOTIFICATION_PERMISSION,
  type CurrentUser,
} from '@aerie/contract';
import { Anchor, Button, Stack, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useRuntimeConfig } from '../../../lib/config';
import { usersMessages } from '../messages';

export interface UserHomeTabProps {
  user: CurrentUser;
  onShowTab: (tab: 'settings' | 'apiClients') => void;
  onNavigate: () => void;
  /** Shown only to roles the server lets send one (the contract's permission). */
  onSendTestNotification?: () => Promise<void>;
}

/**
 * The identity provider's change-password page: `{authority}/password` (for the
 * embedded provider `/auth/password`).
 */
export function changePasswordUrl(authority: string): string {
  return new URL('password', authority.endsWith('/') ? authority : `${authority}/`).href;
}

/** The Home tab of the user panel (spec 000 §2.4). */
export function UserHomeTab({
  user,
  onShowTab,
  onNavigate,
  onSendTestNotification,
}: UserHomeTabProps) {
  const { authority } = useRuntimeConfig();
  const [sending, setSending] = useState(false);
  const rows: [string, string][] = [
    [usersMessages.role, user.roleName],
    [usersMessages.name, `${user.firstName} ${user.lastName}`.trim()],
    [usersMessages.email, user.email],
  ];

  return (
    <Stack gap="sm">
      <Table variant="vertical" verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={70} fw={600}>
                {label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={6} component="nav" aria-label={usersMessages.tabHome}>
        <Anchor component="button" type="button" ta="left" onClick={() => onShowTab('settings')}>
          {usersMessages.portalSettings}
        </Anchor>
        <Anchor component="button" type="button" ta="left" onClick={() => onShowTab('apiClients')}>
          {usersMessages.apiClients}
        </Anchor>
        {user.loginType === 'Local' && (
          <Anchor href={changePasswordUrl(authority)}>{usersMessages.passwordManagement}</Anchor>
        )}
        {roleCan(user.role, APPLICATION_HEALTH_LINK) && (
          <Anchor component={Link} to="/health" onClick={onNavigate}>
            {usersMessages.applicationHealth}
          </Anchor>
        )}
      </Stack>
      {onSendTestNotification && roleCan(user.role, TEST_NOTIFICATION_PERMISSION) && (
        <Button
          variant="light"
          size="xs"
          loading={sending}
          onClick={() => {
            setSending(true);
            onSendTestNotification()
              .catch(() => undefined)
              .finally(() => setSending(false));
          }}
        >
          {usersMessages.sendTestNotification}
        </Button>
      )}
    </Stack>
  );
}
