import {
  deviceNameUpdateSchema,
  DEVICE_NAME_MAX_LENGTH,
  type Device,
  type DeviceNameUpdate,
} from '@aerie/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../../lib/api-client';
import { formResolver } from '../../../../lib/form-resolver';
import { showToast } from '../../../../lib/toast';
import { useUpdateDeviceName } from '../../api/update-device-name';
import { deviceMessages } from '../../messages';

const texts = deviceMessages.overview.editName;
const validate = formResolver(deviceNameUpdateSchema);

export interface EditNameFormProps {
  device: Pick<Device, 'id' | 'name'>;
  onClose: () => void;
}

/** The prompt's form: `PUT /v2/devices/{id}`, then a toast. */
export function EditNameForm({ device, onClose }: EditNameFormProps) {
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
        // The form arrives after the dialog opened (a lazy chunk): it takes the focus itself.
        autoFocus
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
