import {
  canChangePrivateMode,
  commandFailureMessage,
  privateModeConfirmationMatches,
  type Device,
} from '@aerie/contract';
import { Badge, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useDeviceCommand } from '../../api/run-device-command';
import { deviceMessages } from '../../messages';
import { OverviewCard } from './overview-card';
import { showToast } from '../../../../lib/toast';

const texts = deviceMessages.overview.privateMode;

/** Spec 001 §9: the private mode confirmation is 960 wide. */
export const PRIVATE_MODE_MODAL_WIDTH = 960;

export interface PrivateModeUser {
  firstName: string;
  lastName: string;
}

export interface PrivateModeCardProps {
  device: Pick<Device, 'id' | 'private' | 'components'>;
  /** The signed-in user, whose name confirms the change (spec 001 §5). */
  user: PrivateModeUser;
}

/**
 * The Private Mode card for the restricted roles (spec 001 §6): its state and a switch that
 * opens the typed confirmation, only when the device has a GeoModem with a serial (§5).
 */
export function PrivateModeCard({ device, user }: PrivateModeCardProps) {
  const [confirming, setConfirming] = useState(false);
  const changeable = canChangePrivateMode(device);
  const reasonId = useId();
  return (
    <OverviewCard title={texts.title} testId="private-mode-card">
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label={texts.toggle}
          checked={device.private}
          disabled={!changeable}
          onChange={() => setConfirming(true)}
          {...(changeable ? {} : { 'aria-describedby': reasonId })}
        />
        <Badge color={device.private ? 'grape' : 'gray'} variant="light" size="lg" radius="sm">
          {device.private ? texts.enabled : texts.disabled}
        </Badge>
      </Group>
      {changeable ? null : (
        <Text size="sm" c="dimmed" mt="xs" id={reasonId}>
          {texts.needsGeoModem}
        </Text>
      )}
      <PrivateModeModal
        device={device}
        user={user}
        opened={confirming}
        onClose={() => setConfirming(false)}
      />
    </OverviewCard>
  );
}

interface PrivateModeModalProps extends PrivateModeCardProps {
  opened: boolean;
  onClose: () => void;
}

function PrivateModeModal({ device, user, opened, onClose }: PrivateModeModalProps) {
  const turningOn = !device.private;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={turningOn ? texts.turnOnTitle : texts.turnOffTitle}
      size={PRIVATE_MODE_MODAL_WIDTH}
      centered
      closeButtonProps={{ 'aria-label': deviceMessages.closeDialog }}
    >
      {/* Mounted only while open: each opening starts with an empty confirmation. */}
      {opened ? <PrivateModeForm device={device} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function PrivateModeForm({ device, user, onClose }: Omit<PrivateModeModalProps, 'opened'>) {
  const [typed, setTyped] = useState('');
  const command = useDeviceCommand(device.id);
  const turningOn = !device.private;
  const cmd = turningOn ? 'privateModeOn' : 'privateModeOff';
  const matches = privateModeConfirmationMatches(typed, user);
  const fullName = `${user.firstName} ${user.lastName}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    command.mutate(
      { command: cmd, body: { confirmation: typed } },
      {
        onSuccess: () => {
          showToast({
            message: turningOn ? texts.turnedOn : texts.turnedOff,
            color: 'green',
            autoClose: 3_000,
          });
          onClose();
        },
        onError: () =>
          showToast({
            message: commandFailureMessage(cmd, device.id),
            color: 'red',
            autoClose: 5_000,
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{turningOn ? texts.turnOnText : texts.turnOffText}</Text>
        <Text fw={500}>{texts.instruction(fullName)}</Text>
        <TextInput
          label={texts.confirmationLabel}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={typed !== '' && !matches ? texts.mismatch : null}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={command.isPending}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            color={turningOn ? 'grape' : 'blue'}
            disabled={!matches}
            loading={command.isPending}
          >
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
