import { Text } from '@mantine/core';
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
        // The same error shown again replaces itself (the handler also drops repeats for 5 s).
        id: `unexpected-error:${toast.message}`,
        ...(toast.title ? { title: toast.title } : {}),
        message: toast.detail ? (
          <ErrorDetail message={toast.message} detail={toast.detail} />
        ) : (
          toast.message
        ),
        color: 'red',
        autoClose: toast.autoClose,
        // NOTE: Mantine cuts a title to one line; a long stack pushed it off screen before.
        styles: { title: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } },
      }),
    report: reportError,
    viewer: () => {
      const me = queryClient.getQueryData<CurrentUser>(meQueryKey);
      return me ? { role: me.role, detailedErrors: me.settings.detailedErrors } : null;
    },
  });
}

/** The detailed error's body: the server's message, then the stack in a capped scroll box. */
function ErrorDetail({ message, detail }: { message: string; detail: string }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message}
      </Text>
      {/* NOTE: a plain scroll box: Mantine's ScrollArea would add ~18 KB to the first chunk. */}
      <Text
        component="pre"
        size="xs"
        mt={4}
        mah={160}
        tabIndex={0}
        data-testid="error-stack"
        style={{
          overflow: 'auto',
          whiteSpace: 'pre',
          fontFamily: 'var(--mantine-font-family-monospace)',
        }}
      >
        {detail}
      </Text>
    </>
  );
}
