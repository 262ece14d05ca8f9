import { cacheKinds } from '@aerie/contract';
import { Button, Group } from '@mantine/core';
import { useClearCache } from '../api/clear-cache';
import { healthMessages } from '../messages';
import { showToast } from '../../../lib/toast';

const TOAST_MS = 4_000;

/** One action per cache kind; each reports "{Kind} cache cleared successfully." (spec 000 §4, §8). */
export function CacheClearActions() {
  const clear = useClearCache();
  return (
    <Group gap="xs">
      {cacheKinds.map((kind) => (
        <Button
          key={kind}
          variant="default"
          size="xs"
          loading={clear.isPending && clear.variables === kind}
          onClick={() =>
            clear.mutate(kind, {
              onSuccess: (result) =>
                showToast({ message: result.message, color: 'teal', autoClose: TOAST_MS }),
              onError: () =>
                showToast({
                  message: healthMessages.cacheFailed(kind),
                  color: 'red',
                  autoClose: 5_000,
                }),
            })
          }
        >
          {healthMessages.clearCache(kind)}
        </Button>
      ))}
    </Group>
  );
}
