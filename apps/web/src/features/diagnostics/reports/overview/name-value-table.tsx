import type { DiagnosticNameValue } from '@aerie/contract';
import { Table, Text } from '@mantine/core';
import { reportMessages } from '../messages';
import { ReportTable } from '../report-table';
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
    <ReportTable
      label={label}
      columns={[nameHeader, valueHeader]}
      minWidth={240}
      className={classes.table}
      striped
    >
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
    </ReportTable>
  );
}
