import { Center, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { libMessages } from '../../lib/messages';
import { shellMessages } from '../messages';
import type { StartupStep } from '../startup/run-startup';

export interface StartupLoaderProps {
  step: StartupStep | null;
  done: number;
  total: number;
}

/** The loader of spec 000 §2.6: shows the progress of the start-up loads. */
export function StartupLoader({ step, done, total }: StartupLoaderProps) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const label = step ? shellMessages.startupSteps[step] : libMessages.loading;
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" w={320}>
        <Title order={1} size="h4">
          {shellMessages.startupTitle}
        </Title>
        <Loader aria-hidden="true" />
        <Progress.Root w="100%">
          <Progress.Section value={percent} aria-label={shellMessages.startupTitle} />
        </Progress.Root>
        <Text size="sm" c="dimmed" role="status">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
