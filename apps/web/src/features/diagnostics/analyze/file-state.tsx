import { DIAGNOSTICS_MESSAGES, type DiagnosticFile } from '@aerie/contract';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/ui/icons';
import { RetryButton } from '../components/retry-button';
import { isApiError } from '../../../lib/api-client';
import { routePath } from '../../../lib/route-paths';
import { analyzeMessages } from './messages';

const m = analyzeMessages;

/** The device's Diagnostics tab (the list of its files). */
export function BackToFiles({ deviceId }: { deviceId: string }) {
  return (
    <Anchor
      component={Link}
      to={routePath('deviceDiagnosticBrowser', { id: deviceId })}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
    >
      <Icon name="chevronLeft" size={16} />
      {m.backToFiles}
    </Anchor>
  );
}

export interface FileLoadStateProps {
  deviceId: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** The file before it arrives: a loader, the spec's not-found text (404), or another failure. */
export function FileLoadState({ deviceId, error, onRetry, retrying }: FileLoadStateProps) {
  if (!error) return <Loader size="sm" role="status" aria-label={m.loading} />;
  // A malformed hash (400) is as missing as an unknown one (404).
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  if (missing) {
    return (
      <Alert color="gray" role="alert" icon={<Icon name="info" size={18} />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{DIAGNOSTICS_MESSAGES.fileNotFound}</Text>
          <BackToFiles deviceId={deviceId} />
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" icon={<Icon name="error" size={18} />} title={m.loadFailed}>
      <Stack gap="xs" align="flex-start">
        {error instanceof Error ? <Text size="sm">{error.message}</Text> : null}
        <Group gap="xs">
          <RetryButton onRetry={onRetry} retrying={retrying} />
          <BackToFiles deviceId={deviceId} />
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * A file still Queued or Processing: says so while the screen asks again every 2 s; the
 * reports replace it once the file is Ready.
 */
export function ProcessingState({ file }: { file: DiagnosticFile }) {
  const status = file.status === 'Queued' ? 'Queued' : 'Processing';
  return (
    <Paper withBorder p="md" role="status" aria-live="polite">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Loader size="sm" aria-hidden />
        <Stack gap={4}>
          <Text fw={600}>{m.processing.title}</Text>
          <Text size="sm" c="dimmed">
            {m.processing[status]}
          </Text>
          {file.jobId ? (
            <Anchor component={Link} to={routePath('jobDetail', { id: file.jobId })} size="sm">
              {m.processing.job}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A Rejected file: why it cannot be analyzed. */
export function RejectedState({ file }: { file: DiagnosticFile }) {
  return (
    <Alert color="red" role="alert" icon={<Icon name="error" size={18} />} title={m.rejectedTitle}>
      {DIAGNOSTICS_MESSAGES.rejected(file.statusMessage ?? DIAGNOSTICS_MESSAGES.unknownError)}
    </Alert>
  );
}
