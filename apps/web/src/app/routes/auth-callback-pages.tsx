import { Center, Loader } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onceForUrl, returnTargetFromState, useUserManager } from '../../lib/auth';
import { libMessages } from '../../lib/messages';

function CallbackLoader() {
  return (
    <Center component="main" mih="100vh">
      <Loader role="status" aria-label={libMessages.loading} />
    </Center>
  );
}

/**
 * `/auth/signinwin/$name`: completes a redirect sign-in, then returns to the saved
 * target (spec 000 §4). A failed callback goes to the root.
 */
export function SigninWindowCallbackPage() {
  const userManager = useUserManager();
  const router = useRouter();
  useEffect(() => {
    const url = window.location.href;
    onceForUrl(url, () => userManager.signinRedirectCallback(url)).then(
      (user) => router.history.replace(returnTargetFromState(user.state)),
      () => router.history.replace('/'),
    );
  }, [userManager, router]);
  return <CallbackLoader />;
}

/** `/auth/signinpop`: hands the answer back to the window that opened the popup. */
export function SigninPopupCallbackPage() {
  const userManager = useUserManager();
  useEffect(() => {
    const url = window.location.href;
    void onceForUrl(url, () => userManager.signinPopupCallback(url)).catch(() => undefined);
  }, [userManager]);
  return <CallbackLoader />;
}

/** `/auth/signoutpop`: hands the sign-out answer back to the opener. */
export function SignoutPopupCallbackPage() {
  const userManager = useUserManager();
  useEffect(() => {
    const url = window.location.href;
    void onceForUrl(url, () => userManager.signoutPopupCallback(url)).catch(() => undefined);
  }, [userManager]);
  return <CallbackLoader />;
}

/** `/auth/signinsilent`: runs in the hidden frame of a silent renew. */
export function SigninSilentCallbackPage() {
  const userManager = useUserManager();
  useEffect(() => {
    const url = window.location.href;
    void onceForUrl(url, () => userManager.signinSilentCallback(url)).catch(() => undefined);
  }, [userManager]);
  return <CallbackLoader />;
}
