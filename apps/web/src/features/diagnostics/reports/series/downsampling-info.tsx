import type { SeriesDownsampling } from '@aerie/contract';
import { ActionIcon, Button, Group, List, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Icon } from '../../../../components/ui/icons';
import { reportMessages } from '../messages';

const m = reportMessages.downsampling;

export interface DownsamplingInfoProps {
  /** The most points a chart draws (spec 001 §9: 1000 tracking, 2000 a metric). */
  target: number;
  /** How the answer's points were chosen (for a report of several series, their sums). */
  shown: Pick<SeriesDownsampling, 'points' | 'sourcePoints'>;
  tracking?: boolean;
}

/** The info button and its modal about downsampling (spec 001 §2). */
export function DownsamplingInfo({ target, shown, tracking = false }: DownsamplingInfoProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={m.button}>
        <ActionIcon variant="default" size="lg" aria-label={m.button} onClick={open}>
          <Icon name="info" size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={m.title} size="lg">
        <Stack gap="sm">
          <Text size="sm">{m.intro(target)}</Text>
          <List size="sm" spacing="xs">
            <List.Item>{m.how}</List.Item>
            {tracking ? <List.Item>{m.tracking}</List.Item> : null}
            <List.Item>{m.narrow}</List.Item>
          </List>
          <Text size="sm" fw={600} data-testid="downsampling-shown">
            {m.shown(shown.points, shown.sourcePoints)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {m.close}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
