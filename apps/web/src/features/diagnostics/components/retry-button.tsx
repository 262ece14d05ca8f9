import { Button } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { diagnosticsMessages } from '../messages';

/** Asks again for what failed to load (a file, a report), busy while it does. */
export function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<Icon name="refresh" size={14} />}
      loading={retrying}
      onClick={onRetry}
    >
      {diagnosticsMessages.retry}
    </Button>
  );
}
