import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation, useRouter } from '@tanstack/react-router';
import type { UserManager } from 'oidc-client-ts';
import { startTransition, useEffect, useRef, useState } from 'react';
import { AuthProvider, useAuth } from 'react-oidc-context';
import { loadedUserManager, loadUserManager, watchSession } from '../../lib/auth';
import { authenticationLost, markAuthenticationLost, markSigningOut } from '../../lib/session';
import { useStore } from '../../lib/store';
import { libMessages } from '../../lib/messages';
import { SignedInApp } from './signed-in-app';
import { LoggedOutScreen } from './logged-out-screen';

function FullPageLoader() {
  return (
    <Center component="main" mih="100vh">
      <Loader role="status" aria-label={libMessages.loading} />
    </Center>
  );
}

/**
 * Routes for signed-in users, once the identity client is loaded (public pages never load it).
 * The SPA's own routes complete sign-in callbacks (spec 000 §2.1), hence `skipSigninCallback`.
 */
export function ProtectedLayout() {
  const router = useRouter();
  const [userManager, setUserManager] = useState<UserManager | null>(
    () => loadedUserManager() ?? null,
  );
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (userManager) return;
    let active = true;
    loadUserManager().then(
      // A transition: what it mounts (the shell and the page) renders in slices.
      (loaded) => active && startTransition(() => setUserManager(loaded)),
      () => active && setLoadFailed(true),
    );
    return () => {
      active = false;
    };
  }, [userManager]);
  useEffect(
    () => (userManager ? watchSession(userManager, () => router.state.location.href) : undefined),
    [userManager, router],
  );
  if (loadFailed) return <Navigate to="/loadError" replace />;
  if (!userManager) return <FullPageLoader />;
  return (
    <AuthProvider userManager={userManager} skipSigninCallback>
      <SessionGate />
    </AuthProvider>
  );
}

/**
 * The signed-in session's states. Without a session it starts sign-in with the current
 * address as the return target (spec 000 §4). Once signed in, a lost session (token
 * expiry, sign-out elsewhere, a 401) shows the logged-out screen after 1 s instead.
 */
function SessionGate() {
  const auth = useAuth();
  const href = useLocation({ select: (location) => location.href });
  const lost = useStore(authenticationLost);
  const signInStarted = useRef(false);
  const wasAuthenticated = useRef(false);
  const [signInFailed, setSignInFailed] = useState(false);
  if (auth.isAuthenticated) wasAuthenticated.current = true;
  const sessionEnded = wasAuthenticated.current && !auth.isAuthenticated && !auth.isLoading;
  const needsSignIn =
    !wasAuthenticated.current &&
    !lost &&
    !auth.isLoading &&
    !auth.isAuthenticated &&
    !auth.activeNavigator;

  useEffect(() => {
    if (sessionEnded) markAuthenticationLost();
  }, [sessionEnded]);

  useEffect(() => {
    if (!needsSignIn) {
      signInStarted.current = false;
      return;
    }
    if (signInStarted.current) return;
    signInStarted.current = true;
    auth.signinRedirect({ state: href }).catch(() => setSignInFailed(true));
  }, [needsSignIn, auth, href]);

  if (lost) return <LoggedOutScreen />;
  if (signInFailed) return <Navigate to="/loadError" replace />;
  if (!auth.isAuthenticated) return <FullPageLoader />;
  return (
    <SignedInApp
      onSignOut={() => {
        markSigningOut();
        void auth.signoutRedirect();
      }}
    />
  );
}
