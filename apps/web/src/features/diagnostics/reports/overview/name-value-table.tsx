import type { DiagnosticNameValue } from '@aerie/contract';
import { Table, Text } from '@mantine/core';
import { reportMessages } from '../messages';
import classes from './overview.module.css';

export interface NameValueTableProps {
  label: string;
  nameHeader: string;
  valueHeader: string;
  rows: readonly DiagnosticNameValue[];
}

/** Entitlements or the component inventory, in the server's order (sorted by name). */
export function NameValueTable({ label, nameHeader, valueHeader, rows }: NameValueTableProps) {
  return (
    <Table
      aria-label={label}
      className={classes.table}
      verticalSpacing={4}
      horizontalSpacing="xs"
      withTableBorder
      striped
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{nameHeader}</Table.Th>
          <Table.Th scope="col">{valueHeader}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2}>
              <Text size="sm" className={classes.missing}>
                {reportMessages.none}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row, index) => (
            <Table.Tr key={`${index}:${row.name}`}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td className={classes.mono}>{row.value}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
