import { Navigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '@aerie/contract';
import { deviceQueryKey } from '../../features/devices';
import { useLiveNotifications } from '../../features/notifications';
import { useMe } from '../../features/users';
import { useRuntimeConfig } from '../../lib/config';
import { onUnauthorizedResponse } from '../../lib/session';
import { useAppStartup } from '../startup/use-app-startup';
import { AppShellLayout } from './app-shell-layout';
import { StartupLoader } from './startup-loader';

export interface SignedInAppProps {
  onSignOut: () => void;
}

/** After start-up (spec 000 §4): the shell, live notifications and their effects. */
export function SignedInApp({ onSignOut }: SignedInAppProps) {
  const startup = useAppStartup();
  const { data: me } = useMe({ enabled: false });
  const { liveUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const loaded = startup.status === 'loaded';

  useLiveNotifications({
    liveUrl,
    enabled: loaded,
    onUnauthorized: onUnauthorizedResponse,
    // spec 000 §4: a final sync result clears the device's sync flag and refetches its
    // network and hub state: every query under the device's key (the device, its hub state)
    // is refreshed, so an open page updates without a reload.
    onFinalSync: (notification: Notification) => {
      if (notification.metadata) {
        void queryClient.invalidateQueries({
          queryKey: deviceQueryKey(notification.metadata.entityId),
        });
      }
    },
  });

  useEffect(() => {
    if (loaded) document.documentElement.dataset['aerieLoaded'] = 'true';
  }, [loaded]);

  if (startup.status === 'unhealthy') return <Navigate to="/maintenance" replace />;
  if (startup.status === 'loadError') return <Navigate to="/loadError" replace />;
  if (startup.status === 'loading' || !me) {
    const progress = startup.status === 'loading' ? startup : { step: null, done: 6, total: 6 };
    return <StartupLoader step={progress.step} done={progress.done} total={progress.total} />;
  }
  return <AppShellLayout user={me} onSignOut={onSignOut} />;
}
