// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSignIn } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { LoggedOutScreen } from './logged-out-screen';

afterEach(cleanup);

describe('LoggedOutScreen', () => {
  it('says why and offers Log In', () => {
    const onLogIn = vi.fn();
    renderWithProviders(<LoggedOutScreen onLogIn={onLogIn} />);
    expect(
      screen.getByText(
        "You've been logged out due to inactivity or network connectivity interruption",
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(onLogIn).toHaveBeenCalledTimes(1);
  });
});

describe('clearStoredSignIn', () => {
  it('removes only the oidc-client-ts entries from both storages', () => {
    sessionStorage.setItem('oidc.user:https://x/auth:aerie-portal', '{}');
    localStorage.setItem('oidc.abc', '{}');
    localStorage.setItem('aerie.dashboards.u1', '[]');
    clearStoredSignIn();
    expect(sessionStorage.getItem('oidc.user:https://x/auth:aerie-portal')).toBeNull();
    expect(localStorage.getItem('oidc.abc')).toBeNull();
    expect(localStorage.getItem('aerie.dashboards.u1')).toBe('[]');
  });
});
