import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../ui/icons';
import {
  canHideColumn,
  LIST_PAGE_SIZES,
  moveColumn,
  setColumnHidden,
  type ListColumn,
  type ListLayout,
} from './list-layout';
import { dataTableMessages } from './messages';
import classes from './column-editor.module.css';

const m = dataTableMessages.editor;

export interface ColumnEditorProps {
  /** The list-settings table name: decides which columns cannot be hidden. */
  table: string;
  title: string;
  columns: readonly ListColumn[];
  layout: ListLayout;
  pageSizes?: readonly number[];
  onChange: (layout: ListLayout) => void;
  onReset: () => void;
  /** Whether a saved layout exists (Reset is offered then). */
  saved?: boolean;
  saving?: boolean;
  failed?: boolean;
}

/**
 * Page size, shown columns and their order for one table (spec 000 §2.8 "Column editor").
 * Columns move with Up/Down buttons, so the order can be changed from the keyboard.
 */
export function ColumnEditor({
  table,
  title,
  columns,
  layout,
  pageSizes = LIST_PAGE_SIZES,
  onChange,
  onReset,
  saved = false,
  saving = false,
  failed = false,
}: ColumnEditorProps) {
  const labels = new Map(columns.map((c) => [c.id, c.label]));
  const [announcement, setAnnouncement] = useState('');
  const [touched, setTouched] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // NOTE: a moved row's DOM node is re-inserted, which drops focus; put it back on the same
  // button, or on the other one when the row reached an end and its button got disabled.
  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const [id, direction] = focusAfterMove.split('|');
    const row = listRef.current.querySelector<HTMLElement>(`[data-column="${id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${direction === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, layout.order]);

  const change = (next: ListLayout) => {
    setTouched(true);
    onChange(next);
  };

  const move = (id: string, offset: -1 | 1) => {
    const order = moveColumn(layout.order, id, offset);
    change({ ...layout, order });
    setAnnouncement(m.moved(labels.get(id) ?? id, order.indexOf(id) + 1, order.length));
    setFocusAfterMove(`${id}|${offset < 0 ? 'up' : 'down'}`);
  };

  return (
    <Stack gap="md" data-table-settings={table}>
      <Text fw={600}>{title}</Text>
      <Select
        label={m.pageSize}
        data={pageSizes.map((size) => String(size))}
        value={String(layout.pageSize)}
        allowDeselect={false}
        onChange={(value) => {
          if (value) change({ ...layout, pageSize: Number(value) });
        }}
        comboboxProps={{ withinPortal: true }}
        w={140}
      />
      <Stack gap={4}>
        <Title order={3} size="h5" id="column-editor-columns">
          {m.columns}
        </Title>
        <Text size="sm" c="dimmed">
          {m.columnsHelp}
        </Text>
      </Stack>
      <ul className={classes.list} ref={listRef} aria-labelledby="column-editor-columns">
        {layout.order.map((id, index) => {
          const label = labels.get(id) ?? id;
          const hideable = canHideColumn(table, id);
          return (
            <li key={id} className={classes.row} data-column={id}>
              <Checkbox
                label={label}
                description={hideable ? undefined : m.alwaysShown}
                checked={!layout.hidden.includes(id)}
                disabled={!hideable}
                aria-label={m.show(label)}
                onChange={(event) =>
                  change({
                    ...layout,
                    hidden: setColumnHidden(table, layout.hidden, id, !event.currentTarget.checked),
                  })
                }
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={m.moveUp(label)}
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => move(id, -1)}
                >
                  <Icon name="arrowUp" size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={m.moveDown(label)}
                  data-move="down"
                  disabled={index === layout.order.length - 1}
                  onClick={() => move(id, 1)}
                >
                  <Icon name="arrowDown" size={16} />
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </ul>
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="default"
          disabled={!saved}
          onClick={() => {
            setTouched(true);
            onReset();
          }}
        >
          {m.reset}
        </Button>
        <Text size="sm" c={failed ? 'var(--mantine-color-error)' : 'dimmed'} role="status">
          {failed ? m.saveFailed : saving ? m.saving : touched ? m.saved : ''}
        </Text>
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
