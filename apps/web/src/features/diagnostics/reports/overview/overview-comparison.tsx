import type { DiagnosticComparison } from '@aerie/contract';
import { Table, Text } from '@mantine/core';
import { Icon } from '../../../../components/ui/icons';
import { reportMessages } from '../messages';
import { ReportTable } from '../report-table';
import classes from './overview.module.css';

const m = reportMessages.overview;

type Verdict = 'match' | 'differs' | 'unknown';

function verdictOf(row: DiagnosticComparison): Verdict {
  if (row.differs) return 'differs';
  return row.diagnostic !== null && row.asset !== null ? 'match' : 'unknown';
}

const verdictText: Record<Verdict, string> = {
  match: m.match,
  differs: m.differs,
  unknown: m.notCompared,
};
const verdictIcon = { match: 'success', differs: 'warning', unknown: 'info' } as const;

export interface OverviewComparisonProps {
  rows: readonly DiagnosticComparison[];
}

/**
 * The Summary (spec 001 §2 "Overview report"): what the bundle says beside what the portal has.
 * A value the bundle lacks is 'N/A', one the portal lacks 'None'; a difference is tinted and
 * says Differs with an icon.
 */
export function OverviewComparison({ rows }: OverviewComparisonProps) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.noComparison}
      </Text>
    );
  }
  const differing = rows.filter((row) => row.differs).length;
  return (
    <div>
      <Text size="sm" mb={6} fw={differing > 0 ? 600 : undefined}>
        {m.differences(differing)}
      </Text>
      <ReportTable
        label={m.summaryLabel}
        columns={[m.field, m.diagnostic, m.portal, m.result]}
        minWidth={480}
        className={classes.table}
      >
        {rows.map((row) => {
          const verdict = verdictOf(row);
          return (
            <Table.Tr
              key={row.field}
              className={row.differs ? classes.differs : undefined}
              data-differs={row.differs || undefined}
            >
              <Table.Th scope="row">{row.field}</Table.Th>
              <Table.Td>
                <Value text={row.diagnostic} missing={reportMessages.notAvailable} />
              </Table.Td>
              <Table.Td>
                <Value text={row.asset} missing={reportMessages.none} />
              </Table.Td>
              <Table.Td>
                <span className={classes.verdict} data-verdict={verdict}>
                  <Icon name={verdictIcon[verdict]} size={14} />
                  {verdictText[verdict]}
                </span>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ReportTable>
    </div>
  );
}

function Value({ text, missing }: { text: string | null; missing: string }) {
  if (text === null) return <span className={classes.missing}>{missing}</span>;
  return <span className={`${classes.value} ${classes.mono}`}>{text}</span>;
}
