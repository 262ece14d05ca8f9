import type { Component, Device } from '@aerie/contract';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Icon } from '../../../../components/ui/icons';
import { deviceMessages } from '../../messages';
import { formatSize } from '../../utils/device-display';
import { EditNameModal } from './edit-name-modal';
import { Field, FieldList, OptionalValue, OverviewCard } from './overview-card';

const texts = deviceMessages.overview.card;

function serialOf(components: readonly Component[], type: Component['type']): string | null {
  return components.find((c) => c.type === type)?.serial ?? null;
}

export interface DeviceSummaryCardProps {
  device: Device;
  /** Whether the role may rename the device (spec 001 §6 "Edit Name"). */
  canRename: boolean;
}

/** The Overview card: name (editable by role), serial, product, account and identifiers. */
export function DeviceSummaryCard({ device, canRename }: DeviceSummaryCardProps) {
  const [editing, { open, close }] = useDisclosure(false);
  const product =
    device.productName && device.productCode
      ? `${device.productName} (${device.productCode})`
      : (device.productName ?? device.productCode);
  return (
    <OverviewCard title={texts.title} testId="overview-card">
      <FieldList>
        <Field label={texts.name}>
          <Group gap={4} wrap="nowrap" align="center">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="device-name">
              {device.name}
            </Text>
            {canRename ? (
              <Tooltip label={texts.editName}>
                <ActionIcon variant="subtle" size="sm" aria-label={texts.editName} onClick={open}>
                  <Icon name="edit" size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Field>
        <Field label={texts.serial}>
          <OptionalValue value={device.serial} />
        </Field>
        <Field label={texts.product}>
          <OptionalValue value={product} />
        </Field>
        <Field label={texts.account}>
          <OptionalValue value={device.accountName} />
        </Field>
        <Field label={texts.type}>
          <OptionalValue value={device.type} />
        </Field>
        <Field label={texts.deviceId}>
          <Text span size="sm" ff="monospace">
            {device.id}
          </Text>
        </Field>
        <Field label={texts.salesforceAssetId}>
          <OptionalValue value={device.salesforceAssetId} />
        </Field>
        <Field label={texts.geoModemSerial}>
          <OptionalValue value={serialOf(device.components, 'GeoModem')} />
        </Field>
        <Field label={texts.antennaSerial}>
          <OptionalValue value={serialOf(device.components, 'Antenna')} />
        </Field>
        <Field label={texts.imei}>
          <OptionalValue
            value={
              serialOf(device.components, 'HybridImei') ??
              serialOf(device.components, 'LeoModemImei')
            }
          />
        </Field>
        <Field label={texts.iccid}>
          <OptionalValue value={serialOf(device.components, 'HybridIccid')} />
        </Field>
        <Field label={texts.totalSatelliteUsage}>{formatSize(device.totalSatelliteUsage)}</Field>
        <Field label={texts.totalCellularUsage}>{formatSize(device.totalCellularUsage)}</Field>
      </FieldList>
      {canRename ? <EditNameModal device={device} opened={editing} onClose={close} /> : null}
    </OverviewCard>
  );
}
