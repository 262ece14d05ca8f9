import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Icon } from '../../../components/ui/icons';
import { RetryButton } from '../components/retry-button';
import { isApiError } from '../../../lib/api-client';
import { showToast, type Toast } from '../../../lib/toast';
import { reportMessages as m } from './messages';

/** Spec 001 §9: the toasts of diagnostic report errors stay 2.5 s. */
export const REPORT_ERROR_TOAST_MS = 2_500;

/** A 409: the file is still being processed or was rejected; the server's message says which. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** The toast of a failed report call (spec 001 §8, §9: 2.5 s). */
export function reportErrorToast(message: string): Toast {
  return { message, color: 'red', autoClose: REPORT_ERROR_TOAST_MS };
}

/**
 * Says once per failure, in a toast, that a report could not be fetched (spec 001 §8); a 409
 * is no failure of the call but the file's state, shown inline only.
 */
export function useReportErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (!error || isConflict(error)) return;
    showToast(reportErrorToast(message));
  }, [error, message]);
}

export interface ReportLoadStateProps {
  /** The report's name, for the loader's label. */
  report: string;
  error: unknown;
  /** The spec's text of the failed call (DIAGNOSTICS_MESSAGES.fetchFailed). */
  failedMessage: string;
  onRetry: () => void;
  /** Asking again after a failure. */
  retrying: boolean;
}

/** A report before it arrives: a loader, or why it cannot be shown, with a way to ask again. */
export function ReportLoadState({
  report,
  error,
  failedMessage,
  onRetry,
  retrying,
}: ReportLoadStateProps) {
  if (!error) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={m.loading(report)} />
      </Center>
    );
  }
  const conflict = isConflict(error);
  const serverMessage = error instanceof Error ? error.message : null;
  return (
    <Alert
      role="alert"
      color={conflict ? 'yellow' : 'red'}
      icon={<Icon name={conflict ? 'warning' : 'error'} size={18} />}
      title={conflict ? undefined : failedMessage}
    >
      <Stack gap="xs" align="flex-start">
        {conflict ? (
          <Text size="sm">{serverMessage}</Text>
        ) : serverMessage ? (
          <Text size="sm">{m.serverSaid(serverMessage)}</Text>
        ) : null}
        <Group gap="xs">
          <RetryButton onRetry={onRetry} retrying={retrying} />
        </Group>
      </Stack>
    </Alert>
  );
}
