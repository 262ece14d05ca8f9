import { Center, Loader } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { loadUserManager, onceForUrl, returnTargetFromState } from '../../lib/auth';
import { libMessages } from '../../lib/messages';

function CallbackLoader() {
  return (
    <Center component="main" mih="100vh">
      <Loader role="status" aria-label={libMessages.loading} />
    </Center>
  );
}

/** Runs a callback's handler once per address, with the identity client loaded. */
function handleCallback<T>(
  handle: (userManager: UserManager, url: string) => Promise<T>,
): Promise<T> {
  const url = window.location.href;
  return onceForUrl(url, async () => handle(await loadUserManager(), url));
}

/**
 * `/auth/signinwin/$name`: completes a redirect sign-in, then returns to the saved
 * target (spec 000 §4). A failed callback goes to the root.
 */
export function SigninWindowCallbackPage() {
  const router = useRouter();
  useEffect(() => {
    handleCallback((userManager, url) => userManager.signinRedirectCallback(url)).then(
      (user) => router.history.replace(returnTargetFromState(user.state)),
      () => router.history.replace('/'),
    );
  }, [router]);
  return <CallbackLoader />;
}

/** `/auth/signinpop`: hands the answer back to the window that opened the popup. */
export function SigninPopupCallbackPage() {
  useEffect(() => {
    void handleCallback((userManager, url) => userManager.signinPopupCallback(url)).catch(
      () => undefined,
    );
  }, []);
  return <CallbackLoader />;
}

/** `/auth/signoutpop`: hands the sign-out answer back to the opener. */
export function SignoutPopupCallbackPage() {
  useEffect(() => {
    void handleCallback((userManager, url) => userManager.signoutPopupCallback(url)).catch(
      () => undefined,
    );
  }, []);
  return <CallbackLoader />;
}

/** `/auth/signinsilent`: runs in the hidden frame of a silent renew. */
export function SigninSilentCallbackPage() {
  useEffect(() => {
    void handleCallback((userManager, url) => userManager.signinSilentCallback(url)).catch(
      () => undefined,
    );
  }, []);
  return <CallbackLoader />;
}
