import { Button, Popover, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

export interface MessagePopoverProps {
  /** The button's text (the state it stands for: 'Error', 'Rejected'). */
  label: string;
  /** The popover's name ('Why {file} failed'). */
  title: string;
  message: string;
  color: string;
}

/**
 * A state that carries a reason: the state as a button, the reason in a popover on click (or
 * Enter). Focus moves into it; Escape or a click elsewhere closes it and focus goes back.
 */
export function MessagePopover({ label, title, message, color }: MessagePopoverProps) {
  const titleId = useId();
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" color={color}>
          {label}
        </Button>
      </Popover.Target>
      {/* Named by its own title, not by the button (Mantine's default). */}
      <Popover.Dropdown aria-labelledby={titleId}>
        <VisuallyHidden id={titleId}>{title}</VisuallyHidden>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="popover-message">
          {message}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
