// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '../../users';
import { buildCurrentUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';

afterEach(cleanup);

describe('HomePage', () => {
  it('welcomes the signed-in user by name and shows their role and account', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      meQueryKey,
      buildCurrentUser({
        firstName: 'Grace',
        lastName: 'Hopper',
        roleName: 'Account Admin',
        accountName: 'Blue Harbour',
      }),
    );

    renderWithProviders(<HomePage />, { queryClient });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' })).toBeDefined();
    expect(screen.getByText('Signed in as Account Admin · Blue Harbour')).toBeDefined();
  });

  it('shows a loader while the profile is not loaded', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryDefaults(meQueryKey, { queryFn: () => new Promise(() => undefined) });

    renderWithProviders(<HomePage />, { queryClient });

    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
