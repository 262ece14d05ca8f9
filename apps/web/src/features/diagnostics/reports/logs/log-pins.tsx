import type { LogEntry } from '@aerie/contract';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { logMessages as m } from './log-messages';
import classes from './log-report.module.css';
import { formatLineDate } from './log-time';

/** A pinned line: what it said, where, and the search and page it was found on. */
export interface LogPin {
  key: string;
  entry: LogEntry;
  page: number;
  /** The search it was pinned in (a jump works only within the same search). */
  search: string;
}

export interface LogPinsProps {
  pins: readonly LogPin[];
  onJump: (pin: LogPin) => void;
  onRemove: (pin: LogPin) => void;
  onMove: (from: number, to: number) => void;
  onCopyAll: () => void;
  onClearAll: () => void;
}

/**
 * Pinned entries (spec 001 §2): copy all, clear all, remove, drag to reorder (or move up and
 * down with the buttons), click to jump.
 */
export function LogPins({ pins, onJump, onRemove, onMove, onCopyAll, onClearAll }: LogPinsProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm" component="h3" m={0}>
            {m.pins}
          </Text>
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<Icon name="copy" size={14} />}
              onClick={onCopyAll}
            >
              {m.copyAll}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<Icon name="trash" size={14} />}
              onClick={onClearAll}
            >
              {m.clearAll}
            </Button>
          </Group>
        </Group>
        {pins.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.pinsEmpty}
          </Text>
        ) : (
          <ol className={classes.pins} aria-label={m.pins}>
            {pins.map((pin, index) => {
              const where = m.where(pin.entry.fileName, pin.entry.lineNumber);
              return (
                <li
                  key={pin.key}
                  className={`${classes.pinRow} ${dragging === index ? classes.dragging : ''}`}
                  draggable
                  onDragStart={(event) => {
                    setDragging(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    const from = Number(event.dataTransfer.getData('text/plain'));
                    if (Number.isInteger(from) && from !== index) onMove(from, index);
                    setDragging(null);
                  }}
                  onDragEnd={() => setDragging(null)}
                >
                  <span className={classes.grip} title={m.dragHandle} aria-hidden="true">
                    <Icon name="grip" size={14} />
                  </span>
                  <UnstyledButton className={classes.pinJump} onClick={() => onJump(pin)}>
                    <VisuallyHidden>{m.jumpTo(where)}: </VisuallyHidden>
                    <span className={classes.time}>{formatLineDate(pin.entry.lineDate)}</span>{' '}
                    <span className={classes.text}>{pin.entry.lineContent}</span>
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={m.moveUp(where)}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <Icon name="arrowUp" size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={m.moveDown(where)}
                    disabled={index === pins.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <Icon name="arrowDown" size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    aria-label={m.removePin(where)}
                    onClick={() => onRemove(pin)}
                  >
                    <Icon name="close" size={14} />
                  </ActionIcon>
                </li>
              );
            })}
          </ol>
        )}
      </Stack>
    </Paper>
  );
}
