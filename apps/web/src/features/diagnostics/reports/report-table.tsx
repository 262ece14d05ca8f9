import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading; `fill` gives the column the room the others leave. */
export type ReportColumn = string | { label: string; fill: true };

export interface ReportTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly ReportColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  className?: string | undefined;
  /** Alternate row shading (long name/value lists). */
  striped?: boolean;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A compact, bordered table of a report (the overview's and the self tests' tables). */
export function ReportTable({
  label,
  columns,
  minWidth,
  className,
  striped = false,
  children,
}: ReportTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        aria-label={label}
        className={className}
        verticalSpacing={4}
        horizontalSpacing="xs"
        withTableBorder
        striped={striped}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ) : (
                <Table.Th key={column.label} scope="col" w="100%">
                  {column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
