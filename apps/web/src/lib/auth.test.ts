import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasStoredUser,
  isAuxiliaryAuthWindow,
  isSignedInPath,
  readIdentitySettings,
  returnTargetFromState,
  watchSession,
} from './auth';

describe('isSignedInPath', () => {
  it.each(['/', '/home', '/devices', '/devices/abc/overview', '/jobs', '/no/such/page'])(
    '%s needs a session',
    (path) => {
      expect(isSignedInPath(path)).toBe(true);
    },
  );

  it.each([
    '/welcome',
    '/configurator',
    '/maintenance',
    '/loadError',
    '/welcome/',
    '/auth/signinwin/main',
    '/auth/signinsilent',
  ])('%s opens without a session', (path) => {
    expect(isSignedInPath(path)).toBe(false);
  });
});

describe('returnTargetFromState', () => {
  it('returns to the saved path', () => {
    expect(returnTargetFromState('/devices?page=2#top')).toBe('/devices?page=2#top');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    '/',
    '/auth/signinwin/main',
  ])('falls back to the root (the default start route) for %s', (state) => {
    expect(returnTargetFromState(state)).toBe('/');
  });
});

describe('isAuxiliaryAuthWindow', () => {
  it('recognises the popup and silent callback pages only', () => {
    expect(isAuxiliaryAuthWindow('/auth/signinsilent')).toBe(true);
    expect(isAuxiliaryAuthWindow('/auth/signinpop')).toBe(true);
    expect(isAuxiliaryAuthWindow('/auth/signoutpop')).toBe(true);
    expect(isAuxiliaryAuthWindow('/auth/signinwin/main')).toBe(false);
    expect(isAuxiliaryAuthWindow('/home')).toBe(false);
  });
});

type Listener = () => void;

function fakeUserManager(user: { expired: boolean } | null) {
  const renewErrorListeners: Listener[] = [];
  const expiredListeners: Listener[] = [];
  const manager = {
    getUser: vi.fn(async () => user),
    signinSilent: vi.fn(async () => null),
    signinRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    events: {
      addSilentRenewError: (cb: Listener) => {
        renewErrorListeners.push(cb);
        return () => undefined;
      },
      addAccessTokenExpired: (cb: Listener) => {
        expiredListeners.push(cb);
        return () => undefined;
      },
    },
  };
  return {
    manager,
    asUserManager: manager as unknown as UserManager,
    raiseRenewError: () => renewErrorListeners.forEach((cb) => cb()),
    raiseTokenExpired: () => expiredListeners.forEach((cb) => cb()),
  };
}

describe('watchSession', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed silent renew after 5 s while the session is still valid', async () => {
    vi.useFakeTimers();
    const fake = fakeUserManager({ expired: false });
    const stop = watchSession(fake.asUserManager, () => '/home');

    fake.raiseRenewError();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fake.manager.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(fake.manager.signinRedirect).not.toHaveBeenCalled();
    stop();
  });

  it('signs in again, returning to the current page, when the session is gone', async () => {
    const fake = fakeUserManager(null);
    const stop = watchSession(fake.asUserManager, () => '/devices');

    fake.raiseRenewError();
    await vi.waitFor(() =>
      expect(fake.manager.signinRedirect).toHaveBeenCalledWith({ state: '/devices' }),
    );
    stop();
  });

  it('clears the user when the access token expires', () => {
    const fake = fakeUserManager({ expired: true });
    const stop = watchSession(fake.asUserManager, () => '/home');

    fake.raiseTokenExpired();
    expect(fake.manager.removeUser).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('readIdentitySettings', () => {
  it('reads the identity provider settings of the configuration file', () => {
    expect(
      readIdentitySettings({
        brand: 'Aerie',
        authority: 'http://localhost/auth',
        clientId: 'aerie-portal',
        scope: 'openid profile api',
      }),
    ).toEqual({
      authority: 'http://localhost/auth',
      clientId: 'aerie-portal',
      scope: 'openid profile api',
    });
  });

  it('is null when one is missing, empty or not text', () => {
    const full = { authority: 'http://localhost/auth', clientId: 'aerie-portal', scope: 'api' };
    expect(readIdentitySettings(null)).toBeNull();
    expect(readIdentitySettings('text')).toBeNull();
    expect(readIdentitySettings({ ...full, authority: undefined })).toBeNull();
    expect(readIdentitySettings({ ...full, clientId: '' })).toBeNull();
    expect(readIdentitySettings({ ...full, scope: 7 })).toBeNull();
  });
});

describe('hasStoredUser', () => {
  function storage(keys: string[]): Storage {
    return {
      length: keys.length,
      key: (index: number) => keys[index] ?? null,
    } as Storage;
  }

  it("finds oidc-client-ts's stored user without loading it", () => {
    expect(hasStoredUser(storage(['theme', 'oidc.user:http://localhost/auth:aerie-portal']))).toBe(
      true,
    );
  });

  it('is false without one (a pending sign-in state is not a user)', () => {
    expect(hasStoredUser(storage([]))).toBe(false);
    expect(hasStoredUser(storage(['oidc.1f2e3d', 'theme']))).toBe(false);
  });
});
