import { ActionIcon, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { reportMessages } from '../messages';
import { testValue, type TestRow } from './test-format';
import classes from './test-results.module.css';

const m = reportMessages.tests;
const COLUMNS = 7;

export interface TestResultsTableProps {
  /** The table's accessible name (which run it shows). */
  label: string;
  rows: readonly TestRow[];
}

/**
 * The test cases of a run (spec 001 §2 "BIST report"), dense: failing rows carry an icon, the
 * word FAIL and a tinted row; they can be shown alone, and each expands to its message and
 * value in full (a button with aria-expanded, so the keyboard and screen readers reach it).
 */
export function TestResultsTable({ label, rows }: TestResultsTableProps) {
  const [failedOnly, setFailedOnly] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();
  const failedCount = rows.filter((row) => row.failed).length;
  const shown = failedOnly ? rows.filter((row) => row.failed) : rows;

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div>
      <Group justify="space-between" gap="sm" mb={6}>
        <Text
          size="sm"
          fw={failedCount > 0 ? 600 : undefined}
          c={failedCount > 0 ? 'var(--mantine-color-error)' : 'dimmed'}
        >
          {m.counts(failedCount, rows.length)}
        </Text>
        <Switch
          size="sm"
          label={m.failedOnly}
          checked={failedOnly}
          disabled={failedCount === 0}
          onChange={(event) => setFailedOnly(event.currentTarget.checked)}
        />
      </Group>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table
          aria-label={label}
          className={classes.table}
          verticalSpacing={4}
          horizontalSpacing="xs"
          highlightOnHover
          withTableBorder
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.expander}>
                <VisuallyHidden>{m.details}</VisuallyHidden>
              </Table.Th>
              <Table.Th scope="col">{m.result}</Table.Th>
              <Table.Th scope="col">{m.classname}</Table.Th>
              <Table.Th scope="col">{m.name}</Table.Th>
              <Table.Th scope="col">{m.message}</Table.Th>
              <Table.Th scope="col" className={classes.numeric}>
                {m.time}
              </Table.Th>
              <Table.Th scope="col">{m.value}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text c="dimmed" size="sm" ta="center" py="xs">
                    {m.noTests}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row) => {
                const open = row.failed && expanded.has(row.id);
                const detailsId = `${baseId}-${row.id}`;
                const value = testValue(row.test);
                return (
                  <Fragment key={row.id}>
                    <Table.Tr
                      className={row.failed ? classes.failed : undefined}
                      data-failed={row.failed || undefined}
                    >
                      <Table.Td className={classes.expander}>
                        {row.failed ? (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={m.showDetails(row.test.name)}
                            aria-expanded={open}
                            aria-controls={open ? detailsId : undefined}
                            onClick={() => toggle(row.id)}
                          >
                            <Icon
                              name="chevronRight"
                              size={16}
                              className={classes.chevron}
                              data-expanded={open || undefined}
                            />
                          </ActionIcon>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <ResultLabel failed={row.failed} />
                      </Table.Td>
                      <Table.Td>{row.test.classname}</Table.Td>
                      <Table.Td>{row.test.name}</Table.Td>
                      <Table.Td>
                        <div className={classes.clip} title={row.test.message || undefined}>
                          {row.test.message}
                        </div>
                      </Table.Td>
                      <Table.Td className={classes.numeric}>{m.seconds(row.test.time)}</Table.Td>
                      <Table.Td>
                        <div
                          className={`${classes.clip} ${classes.mono}`}
                          title={value || undefined}
                        >
                          {value}
                        </div>
                      </Table.Td>
                    </Table.Tr>
                    {open ? (
                      <Table.Tr className={classes.detailRow}>
                        <Table.Td colSpan={COLUMNS} id={detailsId}>
                          <dl className={classes.details}>
                            <dt>{m.message}</dt>
                            <dd>{row.test.message || reportMessages.none}</dd>
                            <dt>{m.value}</dt>
                            <dd className={classes.mono}>{value || reportMessages.none}</dd>
                            <dt>{m.result}</dt>
                            <dd>{m.failCode(row.test.status)}</dd>
                          </dl>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** PASS or FAIL with its icon, in the success or error colour. */
function ResultLabel({ failed }: { failed: boolean }) {
  return (
    <span
      className={classes.result}
      data-failed={failed || undefined}
      data-passed={!failed || undefined}
    >
      <Icon name={failed ? 'error' : 'success'} size={14} />
      {failed ? m.failed : m.pass}
    </span>
  );
}
