// @vitest-environment jsdom
import { roleCan, roleKeys, TEST_NOTIFICATION_PERMISSION } from '@aerie/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { usersMessages } from '../messages';
import { UserHomeTab } from './user-home-tab';

afterEach(cleanup);

describe('UserHomeTab', () => {
  it.each(roleKeys)(
    'shows "Send test notification" to %s only when the server lets the role send one',
    async (role) => {
      renderWithProviders(
        <UserHomeTab
          user={buildCurrentUser({ role })}
          onShowTab={vi.fn()}
          onNavigate={vi.fn()}
          onSendTestNotification={vi.fn(async () => undefined)}
        />,
        { path: '/home' },
      );
      await screen.findByText(usersMessages.portalSettings);
      const shown = screen.queryByRole('button', { name: usersMessages.sendTestNotification });
      expect(shown !== null).toBe(roleCan(role, TEST_NOTIFICATION_PERMISSION));
    },
  );

  it('shows it to no one when the shell gives no way to send one', async () => {
    renderWithProviders(
      <UserHomeTab
        user={buildCurrentUser({ role: 'superUser' })}
        onShowTab={vi.fn()}
        onNavigate={vi.fn()}
      />,
      { path: '/home' },
    );
    await screen.findByText(usersMessages.portalSettings);
    expect(screen.queryByRole('button', { name: usersMessages.sendTestNotification })).toBeNull();
  });
});
