import type { Device } from '@aerie/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useDeleteDevice } from '../api/delete-device';
import { deviceMessages } from '../messages';
import { showToast } from '../../../lib/toast';

const texts = deviceMessages.deleteDevice;

export interface DeleteDeviceModalProps {
  /** The device to delete; null keeps the modal closed. */
  device: Pick<Device, 'id' | 'name'> | null;
  onClose: () => void;
  /** After a successful deletion (the device lists are refetched already). */
  onDeleted?: () => void;
}

/** Delete device (spec 001 §4): confirm, `DELETE /v2/devices/{id}`, then the caller moves on. */
export function DeleteDeviceModal({ device, onClose, onDeleted }: DeleteDeviceModalProps) {
  const remove = useDeleteDevice();
  // The question stays readable while the modal fades out after the device is cleared.
  const shown = useRef(device);
  if (device) shown.current = device;
  const confirm = () => {
    if (!device) return;
    remove.mutate(device.id, {
      onSuccess: () => {
        showToast({
          message: texts.deleted(device.name),
          color: 'green',
          autoClose: 3_000,
        });
        onClose();
        onDeleted?.();
      },
      onError: (error) =>
        showToast({
          message: texts.failed(isApiError(error) ? error.message : String(error)),
          color: 'red',
          autoClose: 5_000,
        }),
    });
  };
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title={texts.title}
      centered
      closeButtonProps={{ 'aria-label': deviceMessages.closeDialog }}
    >
      <Stack gap="lg">
        <Text>{shown.current ? texts.question(shown.current.name) : null}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {texts.cancel}
          </Button>
          {/* red.9: Mantine's default red with white text is under WCAG AA (3.8:1). */}
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
