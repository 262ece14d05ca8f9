import { Button, Group, Loader, Text } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import type { DeviceExportState } from '../hooks/use-device-export';
import { deviceMessages } from '../messages';

const m = deviceMessages.export;

export interface DeviceExportButtonProps {
  state: DeviceExportState;
  onExport: () => void;
  disabled?: boolean;
}

/** Export to CSV with its progress: fetching the devices, then building the file. */
export function DeviceExportButton({ state, onExport, disabled = false }: DeviceExportButtonProps) {
  const busy = state.step !== 'idle';
  const progress =
    state.step === 'fetching'
      ? m.fetching
      : state.step === 'building'
        ? m.building(state.count)
        : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" role="status" data-testid="device-export-progress">
        {busy && <Loader size={14} mr={6} display="inline-block" aria-hidden />}
        {progress}
      </Text>
      <Button
        variant="default"
        leftSection={<Icon name="download" size={16} />}
        onClick={onExport}
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {m.button}
      </Button>
    </Group>
  );
}
