import type { Device } from '@aerie/contract';
import { Badge, Group, Text } from '@mantine/core';
import { deviceMessages } from '../../messages';
import { formatUtcDateTime } from '../../utils/device-display';
import { Field, FieldList, OptionalValue, OverviewCard } from './overview-card';

const texts = deviceMessages.overview.software;

/** Software is shown only for terminals (spec 001 §2). */
export function showsSoftware(device: Pick<Device, 'type'>): boolean {
  return device.type.toLowerCase() === 'terminal';
}

export interface SoftwareCardProps {
  device: Pick<Device, 'software' | 'publicKey' | 'features'>;
}

/**
 * The Software card, read-only: versions, lock, dates in yyyy-MM-dd HH:mm:ss UTC and the
 * certificate's availability. Its actions arrive with the device operations.
 */
export function SoftwareCard({ device }: SoftwareCardProps) {
  const { software } = device;
  return (
    <OverviewCard title={texts.title} testId="software-card">
      <FieldList>
        <Field label={texts.currentVersion}>
          <OptionalValue value={software.currentVersion} placeholder={deviceMessages.none} />
        </Field>
        <Field label={texts.targetVersion}>
          <OptionalValue value={software.targetVersion} placeholder={deviceMessages.none} />
        </Field>
        <Field label={texts.locked}>
          {software.locked ? deviceMessages.yes : deviceMessages.no}
        </Field>
        <Field label={texts.lastUpdatedOn}>
          <OptionalValue
            value={formatUtcDateTime(software.lastUpdatedOn)}
            placeholder={deviceMessages.none}
          />
        </Field>
        <Field label={texts.lastCheckin}>
          <OptionalValue
            value={formatUtcDateTime(software.lastCheckin)}
            placeholder={deviceMessages.none}
          />
        </Field>
        <Field label={texts.certificate}>
          {device.publicKey ? (
            texts.certificateAvailable
          ) : (
            <Text span size="sm" c="dimmed" data-testid="no-certificate">
              {texts.noCertificate}
            </Text>
          )}
        </Field>
      </FieldList>
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" mt="md" mb={4}>
        {texts.features}
      </Text>
      {device.features.length === 0 ? (
        <OptionalValue value={null} placeholder={deviceMessages.none} />
      ) : (
        <Group gap={6}>
          {device.features.map((f) => (
            <Badge key={f} variant="light" radius="sm">
              {f}
            </Badge>
          ))}
        </Group>
      )}
    </OverviewCard>
  );
}
