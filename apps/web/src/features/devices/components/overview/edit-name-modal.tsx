import { deviceNameUpdateSchema, DEVICE_NAME_MAX_LENGTH, type Device } from '@aerie/contract';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { useUpdateDeviceName } from '../../api/update-device-name';
import { deviceMessages } from '../../messages';

const texts = deviceMessages.overview.editName;

export interface EditNameModalProps {
  device: Pick<Device, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
}

/** The edit device name prompt (spec 001 §2 modals): `PUT /v2/devices/{id}`, then a toast. */
export function EditNameModal({ device, opened, onClose }: EditNameModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      centered
      closeButtonProps={{ 'aria-label': deviceMessages.closeDialog }}
    >
      {/* Mounted only while open, so each opening starts from the current name. */}
      {opened ? <EditNameForm device={device} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditNameForm({ device, onClose }: Omit<EditNameModalProps, 'opened'>) {
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDeviceName(device.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deviceNameUpdateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? texts.failed);
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ message: texts.success, color: 'green', autoClose: 3_000 });
        onClose();
      },
      onError: (cause) => {
        setError(isApiError(cause) && cause.status === 400 ? cause.message : texts.failed);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={texts.label}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
        maxLength={DEVICE_NAME_MAX_LENGTH + 20}
        data-autofocus
        required
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {texts.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {texts.save}
        </Button>
      </Group>
    </form>
  );
}
