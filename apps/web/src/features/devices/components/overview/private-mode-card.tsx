import { Badge, Group, Text } from '@mantine/core';
import { deviceMessages } from '../../messages';
import { OverviewCard } from './overview-card';

const texts = deviceMessages.overview.privateMode;

export interface PrivateModeCardProps {
  enabled: boolean;
}

/**
 * The Private Mode card for the restricted roles (spec 001 §6): its state, read-only here;
 * switching it (with the typed confirmation) arrives with the device operations.
 */
export function PrivateModeCard({ enabled }: PrivateModeCardProps) {
  return (
    <OverviewCard title={texts.title} testId="private-mode-card">
      <Group justify="space-between">
        <Text size="sm">{texts.state}</Text>
        <Badge color={enabled ? 'grape' : 'gray'} variant="light" size="lg" radius="sm">
          {enabled ? texts.enabled : texts.disabled}
        </Badge>
      </Group>
    </OverviewCard>
  );
}
