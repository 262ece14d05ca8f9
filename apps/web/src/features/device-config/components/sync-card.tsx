import { Alert, Badge, Button, Group, List, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  activatedSwitch,
  cellTrafficSwitch,
  provisionedSwitch,
  roleCan,
  syncStatus,
  type Device,
  type DeviceCommand,
  type RoleKey,
  type SwitchState,
} from '@aerie/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import {
  deviceQueryKey,
  getDeviceQueryOptions,
  OverviewCard,
  useDeviceCommand,
} from '../../devices';
import { useHubState } from '../api/get-hub-state';
import { syncMessages as texts } from '../sync-messages';
import { hubInSync } from '../utils/hub-in-sync';
import { showToast } from '../../../lib/toast';

type ConfirmedCommand = Extract<DeviceCommand, 'syncToHub' | 'provision'>;

/** While a sync runs the device is read again this often (a notification may be missed). */
const IN_PROGRESS_REFETCH_MS = 5_000;

export interface SyncCardProps {
  device: Device;
  role: RoleKey;
}

/**
 * The sync card (spec 001 §2, §4): the provisioned, activated and Allow Cell Traffic switches,
 * Synchronize (after a confirmation) and Refresh for the roles with `devices.sync`, and the
 * sync message. Switches show what the hub confirmed; a change runs as a hub job.
 */
export function SyncCard({ device, role }: SyncCardProps) {
  const queryClient = useQueryClient();
  const canSync = roleCan(role, 'devices.sync');
  const hubState = useHubState(device.id);
  // A second observer of the device: polls only while a sync is in progress.
  useQuery({
    ...getDeviceQueryOptions(device.id),
    refetchInterval: device.syncInProgress ? IN_PROGRESS_REFETCH_MS : false,
  });
  const run = useDeviceCommand(device.id);
  // The command waiting for the user's confirmation (spec 001 §4: Synchronize; provisioning
  // cannot be undone from the portal, so it asks too).
  const [confirming, setConfirming] = useState<ConfirmedCommand | null>(null);
  const status = syncStatus(device, !hubState.isError);
  const inSync = hubState.data !== undefined && hubInSync(device, hubState.data);

  function send(command: DeviceCommand) {
    run.mutate(
      { command },
      {
        onError: (error) =>
          showToast({
            color: 'red',
            title:
              command === 'syncToHub' ? texts.queueFailed : texts.commandFailed(command, device.id),
            message: isApiError(error) ? error.message : String(error),
            autoClose: 5_000,
          }),
      },
    );
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceQueryKey(device.id) });

  return (
    <OverviewCard
      title={texts.title}
      testId="sync-card"
      actions={
        canSync ? (
          <>
            <Button variant="default" size="xs" onClick={() => void refresh()}>
              {texts.refresh}
            </Button>
            <Button
              size="xs"
              onClick={() => setConfirming('syncToHub')}
              disabled={!status.canSynchronize || !hubState.isSuccess || run.isPending}
            >
              {texts.synchronize}
            </Button>
          </>
        ) : null
      }
    >
      <Stack gap="md">
        {canSync ? (
          <Group gap="xl" align="flex-start">
            <SyncSwitch
              label={texts.provisioned}
              state={provisionedSwitch(device)}
              busy={run.isPending}
              onToggle={(on) => on && setConfirming('provision')}
            />
            <SyncSwitch
              label={texts.activated}
              state={activatedSwitch(device)}
              busy={run.isPending}
              onToggle={(on) => send(on ? 'activate' : 'deactivate')}
            />
            <SyncSwitch
              label={texts.cellTraffic}
              state={cellTrafficSwitch(device)}
              busy={run.isPending}
              onToggle={(on) => send(on ? 'enableCellTraffic' : 'disableCellTraffic')}
            />
          </Group>
        ) : (
          <Group gap="lg">
            <ReadOnlyFlag label={texts.provisioned} on={device.provisioned} />
            <ReadOnlyFlag label={texts.activated} on={device.activated} />
            <ReadOnlyFlag label={texts.cellTraffic} on={device.enableCellTraffic} />
          </Group>
        )}
        {canSync || status.message.kind === 'info' ? (
          <SyncMessage status={status} inSync={inSync} />
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'provision' ? texts.provisionTitle : texts.confirmTitle}
        confirmLabel={confirming === 'provision' ? texts.provisionConfirm : texts.confirm}
        cancelLabel={texts.cancel}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) send(confirming);
          setConfirming(null);
        }}
      >
        {confirming === 'provision'
          ? texts.provisionText(device.name)
          : texts.confirmText(device.name)}
      </ConfirmDialog>
    </OverviewCard>
  );
}

interface SyncSwitchProps {
  label: string;
  state: SwitchState;
  busy: boolean;
  onToggle: (on: boolean) => void;
}

/** A switch of the sync card; its reason for being disabled shows under it (the spec's title). */
function SyncSwitch({ label, state, busy, onToggle }: SyncSwitchProps) {
  return (
    <Switch
      label={label}
      checked={state.checked}
      disabled={state.disabled || busy}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      {...(state.title ? { description: state.title, title: state.title } : {})}
    />
  );
}

function ReadOnlyFlag({ label, on }: { label: string; on: boolean }) {
  return (
    <Group gap={6}>
      <Text size="sm">{label}</Text>
      <Badge variant="dot" color={on ? 'teal' : 'gray'} radius="sm" tt="none">
        {on ? texts.yes : texts.no}
      </Badge>
    </Group>
  );
}

interface SyncMessageProps {
  status: ReturnType<typeof syncStatus>;
  /** The hub already holds what the device requires: 'in sync' instead of 'ready'. */
  inSync: boolean;
}

function SyncMessage({ status, inSync }: SyncMessageProps) {
  const m = status.message;
  if (m.kind === 'warning') {
    return (
      <Alert color="yellow" variant="light" title={texts.blockersTitle} data-testid="sync-message">
        <List size="sm">
          {m.blockers.map((b) => (
            <List.Item key={b}>{b}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  const color = { info: 'blue', success: 'teal', error: 'red' }[m.kind];
  return (
    <Alert color={color} variant="light" data-testid="sync-message">
      {m.kind === 'success' && inSync ? texts.inSync : m.text}
    </Alert>
  );
}
