import { Button, getDefaultZIndex, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { ReactNode, SyntheticEvent } from 'react';
import { confirmDialogMessages } from './messages';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What happens if the user confirms: the consequence, in the feature's words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A red confirm button (red.9: white text on it reaches 4.5:1), for removals. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The one way the portal asks before an irreversible or disruptive action (CONVENTIONS §17):
 * a modal dialog named by its title; focus starts on the safe button (Cancel), Escape cancels,
 * and focus goes back to the control that opened it.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = confirmDialogMessages.cancel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // NOTE: Escape is handled here, in the capture phase, and goes no further: the context pane
  // and the user panel under the dialog also close on Escape, and must stay open.
  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || event.key !== 'Escape' || event.isComposing) return;
      event.stopPropagation();
      onCancel();
    },
    { capture: true },
  );

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeOnEscape={false}
      // Above the popovers and panes a confirmation may be opened from.
      zIndex={getDefaultZIndex('overlay')}
      withCloseButton={false}
      // NOTE: a press inside the dialog is no press outside the popover it was opened from
      // (the user panel): without this, the panel closes and takes the dialog with it.
      onMouseDown={stop}
      onTouchStart={stop}
    >
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button {...(destructive ? { color: 'red.9' } : {})} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
