import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useMe } from '../../features/users/api/get-me';
import { shellMessages } from '../messages';
import { AppShellLayout } from './app-shell-layout';

function FullPageLoader() {
  return (
    <Center component="main" mih="100vh">
      <Loader role="status" aria-label={shellMessages.loading} />
    </Center>
  );
}

/**
 * Routes for signed-in users. Without a session it starts sign-in with the current
 * address as the return target (spec 000 §4); once signed in it loads the profile,
 * and a failed load goes to /loadError.
 */
export function ProtectedLayout() {
  const auth = useAuth();
  const href = useLocation({ select: (location) => location.href });
  const signInStarted = useRef(false);
  const [signInFailed, setSignInFailed] = useState(false);
  const needsSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator;

  useEffect(() => {
    if (!needsSignIn) {
      signInStarted.current = false;
      return;
    }
    if (signInStarted.current) return;
    signInStarted.current = true;
    auth.signinRedirect({ state: href }).catch(() => setSignInFailed(true));
  }, [needsSignIn, auth, href]);

  if (signInFailed) return <Navigate to="/loadError" replace />;
  if (!auth.isAuthenticated) return <FullPageLoader />;
  return <SignedInShell onSignOut={() => void auth.signoutRedirect()} />;
}

interface SignedInShellProps {
  onSignOut: () => void;
}

function SignedInShell({ onSignOut }: SignedInShellProps) {
  const me = useMe();
  if (me.isError) return <Navigate to="/loadError" replace />;
  if (!me.data) return <FullPageLoader />;
  return <AppShellLayout user={me.data} onSignOut={onSignOut} />;
}
