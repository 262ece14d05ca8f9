// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UserMenu } from './user-menu';

afterEach(cleanup);

describe('UserMenu', () => {
  it('shows the full name and role on the button named "User menu"', () => {
    renderWithProviders(<UserMenu user={buildCurrentUser()} onSignOut={() => undefined} />);

    const button = screen.getByRole('button', { name: /^User menu/ });
    expect(button.textContent).toContain('Ada Lovelace');
    expect(button.textContent).toContain('Aerie Admin');
  });

  it('signs out from the menu', async () => {
    const onSignOut = vi.fn();
    renderWithProviders(<UserMenu user={buildCurrentUser()} onSignOut={onSignOut} />);

    fireEvent.click(screen.getByRole('button', { name: /^User menu/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
