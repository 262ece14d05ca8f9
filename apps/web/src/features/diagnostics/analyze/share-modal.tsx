import { DIAGNOSTICS_MESSAGES } from '@aerie/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { showToast } from '../../../lib/toast';
import { analyzeMessages } from './messages';

const m = analyzeMessages.share;

/** How long the copy confirmation stays (spec 001 §9: toasts stay 2 to 5 s). */
const COPIED_TOAST_MS = 3_000;

export interface ShareModalProps {
  opened: boolean;
  onClose: () => void;
  /** The absolute link to the report on screen. */
  link: string;
}

/**
 * The analyze screen's share action (spec 001 §2): the report's link, read-only, with Copy and
 * Close. Focus goes to the link (selected) on open and back to Share on close; Escape closes.
 */
export function ShareModal({ opened, onClose, link }: ShareModalProps) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast({
        message: DIAGNOSTICS_MESSAGES.linkCopied,
        color: 'teal',
        autoClose: COPIED_TOAST_MS,
      });
    } catch {
      // NOTE: no clipboard (an insecure origin, a denied permission): the link is selected
      // for the user to copy by hand.
      input.current?.focus();
      input.current?.select();
      showToast({ message: m.copyFailed, color: 'red', autoClose: 5_000 });
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={m.title} size="lg" withCloseButton={false}>
      <Stack gap="md">
        <TextInput
          ref={input}
          label={m.link}
          description={m.description}
          value={link}
          readOnly
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {m.close}
          </Button>
          <Button onClick={() => void copy()}>{m.copy}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
