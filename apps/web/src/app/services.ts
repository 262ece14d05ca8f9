import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { reportError, uploadTelemetry } from '../features/feed';
import { meQueryKey } from '../features/users';
import type { CurrentUser } from '@aerie/contract';
import { TelemetryClient } from '../lib/telemetry';
import { createUnexpectedErrorHandler } from '../lib/unexpected-errors';

/** The app's one telemetry client (spec 000 §3, §4, §9); started after sign-in. */
export const telemetry = new TelemetryClient({ upload: uploadTelemetry });

/** The one handler for unexpected errors (spec 000 §8), bound to the signed-in user's settings. */
export function createErrorHandler(queryClient: QueryClient): (error: unknown) => void {
  return createUnexpectedErrorHandler({
    notify: (toast) =>
      notifications.show({
        ...(toast.title ? { title: toast.title } : {}),
        message: toast.message,
        color: 'red',
        autoClose: toast.autoClose,
        style: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
      }),
    report: reportError,
    viewer: () => {
      const me = queryClient.getQueryData<CurrentUser>(meQueryKey);
      return me ? { role: me.role, detailedErrors: me.settings.detailedErrors } : null;
    },
  });
}
