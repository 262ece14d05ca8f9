import {
  NETWORK_CONFIGURATION_FIELDS,
  type Device,
  type SatelliteNetworkConfiguration,
} from '@aerie/contract';
import { ActionIcon, Button, Collapse, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Field, FieldList, OptionalValue, OverviewCard } from '../../devices';
import { configMessages } from '../messages';
import { NetworkConfigurationForm } from './network-configuration-form';

const texts = configMessages.networkConfig;

export interface NetworkConfigurationCardProps {
  device: Pick<Device, 'id' | 'satelliteNetworkConfiguration'>;
  /** Roles with `devices.hardware` may edit. */
  canEdit: boolean;
}

/**
 * The collapsible Satellite Network Configuration card (spec 001 §2, §4, §5): the nine
 * addresses, Edit (copies the current configuration), Save, Cancel and auto-calculate DHCP.
 */
export function NetworkConfigurationCard({ device, canEdit }: NetworkConfigurationCardProps) {
  const [opened, setOpened] = useState(true);
  const [editing, setEditing] = useState(false);
  const bodyId = useId();
  const config = device.satelliteNetworkConfiguration;

  const actions = (
    <>
      {canEdit && opened && !editing ? (
        <Button size="xs" variant="light" onClick={() => setEditing(true)}>
          {configMessages.edit}
        </Button>
      ) : null}
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={opened ? texts.collapse : texts.expand}
        aria-expanded={opened}
        aria-controls={bodyId}
        onClick={() => setOpened((o) => !o)}
      >
        <Chevron up={opened} />
      </ActionIcon>
    </>
  );

  return (
    <OverviewCard title={texts.title} actions={actions} testId="network-configuration-card">
      <Collapse expanded={opened} id={bodyId}>
        {editing ? (
          <NetworkConfigurationForm
            deviceId={device.id}
            initial={config}
            onDone={() => setEditing(false)}
          />
        ) : (
          <ConfigurationView config={config} />
        )}
      </Collapse>
    </OverviewCard>
  );
}

function ConfigurationView({ config }: { config: SatelliteNetworkConfiguration | null }) {
  if (!config)
    return (
      <Text c="dimmed" size="sm">
        {texts.empty}
      </Text>
    );
  return (
    <FieldList>
      {NETWORK_CONFIGURATION_FIELDS.map(({ key }) => (
        <Field key={key} label={texts.labels[key]}>
          <OptionalValue value={config[key]} />
        </Field>
      ))}
    </FieldList>
  );
}

function Chevron({ up }: { up: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={up ? 'M3 10l5-5 5 5' : 'M3 6l5 5 5-5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
