import { canToggleBeam, missingInventoryRequirements, type MappedNetwork } from '@aerie/contract';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EditActions, OverviewCard } from '../../devices';
import { useHubState } from '../api/get-hub-state';
import { useNetworkInventoryVisible } from '../api/get-network-inventory-visible';
import { useNetworkMapping } from '../api/get-network-mapping';
import { useSaveNetworkMapping } from '../api/save-network-mapping';
import { configMessages } from '../messages';
import type { InventoryDevice } from '../utils/inventory-device';
import { BeamTable, NetworkStateTable } from './network-inventory-tables';
import { NetworkTemplateModal } from './network-template-modal';
import { showToast } from '../../../lib/toast';

const texts = configMessages.inventory;

export interface NetworkInventoryCardProps {
  device: InventoryDevice;
  /** Roles with `devices.hardware` edit beams and load templates. */
  canEdit: boolean;
  /** Roles with `network.templates` (the Admin Network tab's) may also edit a template. */
  canWriteTemplates?: boolean;
}

/**
 * The Network Inventory card (spec 001 §2, §4, §5): the state of the satellite, hybrid and
 * cell networks, the beams of the device's hub with the required ones, beam editing and a
 * template per beam. Hidden when the installation turns the inventory off.
 */
export function NetworkInventoryCard(props: NetworkInventoryCardProps) {
  const visible = useNetworkInventoryVisible();
  if (visible.data !== true) return null;
  return <Inventory {...props} />;
}

function Inventory({ device, canEdit, canWriteTemplates = false }: NetworkInventoryCardProps) {
  const missing = missingInventoryRequirements(device);
  const ready = missing.length === 0;
  const mapping = useNetworkMapping(device.id, ready);
  const hub = useHubState(device.id, ready);
  const save = useSaveNetworkMapping(device.id);
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const [templateBeam, setTemplateBeam] = useState<MappedNetwork | null>(null);
  const networks = mapping.data?.networks ?? [];
  const editing = selected !== null;

  const startEditing = () =>
    setSelected(new Set(networks.filter((n) => n.isRequired).map((n) => n.networkId)));
  const toggle = (id: string) =>
    setSelected((current) => {
      if (!current || !canToggleBeam(current, id)) return current;
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const submit = () => {
    if (!selected || !mapping.data?.nmsId) return;
    save.mutate(
      { nmsId: mapping.data.nmsId, remoteId: device.id, networkIds: [...selected] },
      {
        onSuccess: () => {
          showToast({ message: texts.saved, color: 'green', autoClose: 3_000 });
          setSelected(null);
        },
        onError: () => showToast({ message: texts.saveFailed, color: 'red', autoClose: 5_000 }),
      },
    );
  };

  const actions =
    canEdit && networks.length > 0 ? (
      <EditActions
        editing={editing}
        editLabel={texts.editBeams}
        saving={save.isPending}
        onEdit={startEditing}
        onCancel={() => setSelected(null)}
        onSave={submit}
      />
    ) : null;

  let body;
  if (!device.activeSubscription) body = <Dimmed>{texts.noSubscription}</Dimmed>;
  else if (!ready)
    body = (
      <Alert color="yellow" variant="light">
        {texts.requires(missing)}
      </Alert>
    );
  else if (mapping.isPending) body = <Loader size="sm" role="status" aria-label={texts.loading} />;
  else if (mapping.isError) body = <Dimmed>{texts.loadFailed}</Dimmed>;
  else if (networks.length === 0) body = <Dimmed>{texts.empty}</Dimmed>;
  else
    body = (
      <Stack gap="md">
        <NetworkStateTable
          device={device}
          networks={networks}
          hub={hub.isError ? null : (hub.data ?? null)}
        />
        <BeamTable
          networks={networks}
          hub={hub.data ?? null}
          selected={selected}
          onToggle={toggle}
          onLoadTemplate={canEdit ? setTemplateBeam : null}
        />
      </Stack>
    );

  return (
    <OverviewCard title={texts.title} actions={actions} testId="network-inventory-card">
      {body}
      <NetworkTemplateModal
        device={device}
        beam={templateBeam}
        canWrite={canWriteTemplates}
        onClose={() => setTemplateBeam(null)}
      />
    </OverviewCard>
  );
}

function Dimmed({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
