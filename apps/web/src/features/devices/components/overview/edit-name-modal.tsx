import {
  deviceNameUpdateSchema,
  DEVICE_NAME_MAX_LENGTH,
  type Device,
  type DeviceNameUpdate,
} from '@aerie/contract';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../../lib/api-client';
import { formResolver } from '../../../../lib/form-resolver';
import { useUpdateDeviceName } from '../../api/update-device-name';
import { deviceMessages } from '../../messages';
import { showToast } from '../../../../lib/toast';

const texts = deviceMessages.overview.editName;
const validate = formResolver(deviceNameUpdateSchema);

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
  const form = useForm({
    initialValues: { name: device.name },
    validate,
    transformValues: (values) => deviceNameUpdateSchema.parse(values),
  });
  const update = useUpdateDeviceName(device.id);

  const submit = (body: DeviceNameUpdate) => {
    update.mutate(body, {
      onSuccess: () => {
        showToast({ message: texts.success, color: 'green', autoClose: 3_000 });
        onClose();
      },
      onError: (cause) => {
        form.setFieldError(
          'name',
          isApiError(cause) && cause.status === 400 ? cause.message : texts.failed,
        );
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <TextInput
        label={texts.label}
        {...form.getInputProps('name')}
        // The schema's limit, so the field never holds a name that validation refuses for length.
        maxLength={DEVICE_NAME_MAX_LENGTH}
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
