import { Button, Group } from '@mantine/core';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Icon } from '../ui/icons';
import { jsonTreeMessages as texts } from './messages';
import classes from './json-tree.module.css';

type Container = readonly unknown[] | Readonly<Record<string, unknown>>;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function entriesOf(value: Container): [string, unknown][] {
  return Array.isArray(value)
    ? value.map((v, i): [string, unknown] => [String(i), v])
    : Object.entries(value);
}

/** Every path of an object or array inside `value` (the root is '$'). */
export function containerPaths(value: unknown, path = '$'): string[] {
  if (!isContainer(value)) return [];
  return [
    path,
    ...entriesOf(value).flatMap(([key, child]) => containerPaths(child, `${path}.${key}`)),
  ];
}

function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={classes.null}>null</span>;
  if (typeof value === 'string')
    return <span className={classes.string}>{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className={classes.number}>{String(value)}</span>;
  if (typeof value === 'boolean') return <span className={classes.boolean}>{String(value)}</span>;
  return <span>{JSON.stringify(value)}</span>;
}

interface NodeProps {
  name: string | null;
  /** What the root's toggle is called ("Collapse Device JSON"). */
  rootLabel: string;
  value: unknown;
  path: string;
  last: boolean;
  collapsed: ReadonlySet<string>;
  toggle: (path: string) => void;
}

function Key({ name, isArrayItem }: { name: string | null; isArrayItem: boolean }) {
  if (name === null || isArrayItem) return null;
  return (
    <>
      <span className={classes.key}>{JSON.stringify(name)}</span>
      {': '}
    </>
  );
}

function JsonNode({
  name,
  value,
  path,
  rootLabel,
  last,
  collapsed,
  toggle,
  isArrayItem,
}: NodeProps & { isArrayItem: boolean }) {
  const listId = useId();
  const comma = last ? '' : ',';
  if (!isContainer(value)) {
    return (
      <li className={classes.item}>
        <Key name={name} isArrayItem={isArrayItem} />
        <Scalar value={value} />
        {comma}
      </li>
    );
  }
  const array = Array.isArray(value);
  const entries = entriesOf(value);
  const [open, close] = array ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <li className={classes.item}>
        <Key name={name} isArrayItem={isArrayItem} />
        {open}
        {close}
        {comma}
      </li>
    );
  }
  const expanded = !collapsed.has(path);
  const label = name ?? rootLabel;
  return (
    <li className={classes.item}>
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-label={texts.toggle(label, expanded)}
        onClick={() => toggle(path)}
      >
        <Icon
          name={expanded ? 'chevronDown' : 'chevronRight'}
          size={14}
          className={classes.chevron}
        />
        <Key name={name} isArrayItem={isArrayItem} />
        {open}
      </button>
      {expanded ? (
        <>
          <ul className={classes.list} id={listId}>
            {entries.map(([key, child], i) => (
              <JsonNode
                key={key}
                name={key}
                rootLabel={rootLabel}
                value={child}
                path={`${path}.${key}`}
                last={i === entries.length - 1}
                collapsed={collapsed}
                toggle={toggle}
                isArrayItem={array}
              />
            ))}
          </ul>
          {close}
          {comma}
        </>
      ) : (
        <>
          <span className={classes.summary}>
            {' … '}
            {array ? texts.items(entries.length) : texts.keys(entries.length)}{' '}
          </span>
          {close}
          {comma}
        </>
      )}
    </li>
  );
}

export interface JsonTreeProps {
  value: unknown;
  /** The whole value's name, for its fold button ("Collapse Job JSON"). */
  label: string;
  /** Shown above the tree, beside the expand and collapse buttons. */
  heading?: ReactNode;
  testId?: string;
}

/**
 * Pretty-printed JSON whose objects and arrays fold and unfold: each opening bracket is a
 * button (Tab to reach it, Enter or Space to toggle) with aria-expanded.
 */
export function JsonTree({ value, label, heading, testId = 'json-tree' }: JsonTreeProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const nested = useMemo(() => containerPaths(value).filter((p) => p !== '$'), [value]);
  const toggle = useCallback((path: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  }, []);

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <div>{heading}</div>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setCollapsed(new Set())}>
            {texts.expandAll}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setCollapsed(new Set(nested))}>
            {texts.collapseAll}
          </Button>
        </Group>
      </Group>
      <div className={classes.tree} data-testid={testId}>
        <ul className={classes.root}>
          <JsonNode
            name={null}
            rootLabel={label}
            value={value}
            path="$"
            last
            collapsed={collapsed}
            toggle={toggle}
            isArrayItem={false}
          />
        </ul>
      </div>
    </div>
  );
}
