import type { Device } from '@aerie/contract';
import { Modal } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from '../../../../lib/lazy-component';
import { deviceMessages } from '../../messages';

const texts = deviceMessages.overview.editName;

/** The form (Mantine's form and the name's schema) loads when the prompt first opens. */
const EditNameForm = lazyComponent(() =>
  import('./edit-name-form').then((module) => module.EditNameForm),
);

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
      {opened ? (
        <Suspense fallback={null}>
          <EditNameForm device={device} onClose={onClose} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
