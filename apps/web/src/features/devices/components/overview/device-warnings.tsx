import type { Device } from '@aerie/contract';
import { Alert, Stack } from '@mantine/core';
import { Icon } from '../../../../components/ui/icons';
import { deviceMessages } from '../../messages';
import { deviceWarnings } from '../../utils/device-warnings';

export interface DeviceWarningsProps {
  device: Device;
}

/** The warnings area at the top of the overview (spec 001 §2); nothing when all is well. */
export function DeviceWarnings({ device }: DeviceWarningsProps) {
  const warnings = deviceWarnings(device);
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-label={deviceMessages.overview.warningsLabel}>
      {warnings.map((w) => (
        <Alert
          key={w.kind}
          color={w.kind === 'private' ? 'grape' : 'yellow'}
          variant="light"
          icon={<Icon name={w.kind === 'private' ? 'info' : 'warning'} size={18} />}
          data-warning={w.kind}
          py="xs"
        >
          {w.text}
        </Alert>
      ))}
    </Stack>
  );
}
