// @vitest-environment jsdom
import type { RoleKey } from '@aerie/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MainNavigation } from './main-navigation';

afterEach(cleanup);

const staff = [
  'Home',
  'Devices',
  'Subscriptions',
  'Jobs',
  'Portal API',
  'Resources',
  'Tools',
  'Admin',
];
const expected: Record<RoleKey, string[]> = {
  superUser: staff,
  providerAdmin: staff,
  salesSupport: staff,
  productSupport: staff,
  accountAdmin: ['Home', 'Devices', 'Subscriptions', 'Jobs', 'Resources', 'Tools', 'Admin'],
  credentialed: ['Home', 'Devices', 'Jobs', 'Resources', 'Tools'],
};

describe('MainNavigation', () => {
  it.each(Object.entries(expected))('shows exactly the links a %s may see', async (role, links) => {
    renderWithProviders(
      <nav aria-label="Main navigation">
        <MainNavigation role={role as RoleKey} collapsed={false} />
      </nav>,
      { path: '/home' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(links);
  });

  it('keeps each link named and reachable when collapsed to icons', async () => {
    renderWithProviders(<MainNavigation role="credentialed" collapsed />, { path: '/devices' });
    const devices = await screen.findByRole('link', { name: 'Devices' });
    expect(devices.getAttribute('href')).toBe('/devices');
    expect(devices.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Tools' }).getAttribute('href')).toBe(
      '/tools/optionsFileValidator',
    );
  });
});
