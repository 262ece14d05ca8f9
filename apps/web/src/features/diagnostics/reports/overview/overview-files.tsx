import type { DiagnosticTextFile } from '@aerie/contract';
import { Button, Table } from '@mantine/core';
import { useId, useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { formatBytes } from '../../../../lib/format-bytes';
import { formatUtcDateTime } from '../../../devices';
import { reportMessages } from '../messages';
import { ReportTable } from '../report-table';
import classes from './overview.module.css';

const m = reportMessages.overview;

/** A text longer than this many lines (or characters) shows folded to its first lines. */
const FOLD_LINES = 8;
const FOLD_CHARS = 800;

export interface OverviewFilesProps {
  files: readonly DiagnosticTextFile[];
}

/**
 * Serial, version and the other text files of the bundle (spec 001 §2 "Overview report"), each
 * with its name and timestamp; a missing file shows 'None', a missing timestamp 'N/A'.
 */
export function OverviewFiles({ files }: OverviewFilesProps) {
  return (
    <ReportTable
      label={m.filesLabel}
      columns={[m.fileName, m.timestamp, m.size, { label: m.content, fill: true }]}
      minWidth={560}
      className={classes.table}
    >
      {files.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={4} className={classes.missing}>
            {reportMessages.none}
          </Table.Td>
        </Table.Tr>
      ) : (
        files.map((file) => <FileRow key={file.name} file={file} />)
      )}
    </ReportTable>
  );
}

function FileRow({ file }: { file: DiagnosticTextFile }) {
  const timestamp = formatUtcDateTime(file.timestamp);
  return (
    <Table.Tr style={{ verticalAlign: 'top' }}>
      <Table.Th scope="row" className={classes.fileName}>
        {file.name}
      </Table.Th>
      <Table.Td className={timestamp ? classes.nowrap : classes.missing}>
        {timestamp ?? reportMessages.notAvailable}
      </Table.Td>
      <Table.Td className={file.size === null ? classes.missing : classes.nowrap}>
        {file.size === null ? reportMessages.notAvailable : formatBytes(file.size)}
      </Table.Td>
      <Table.Td>
        {file.content === null ? (
          <span className={classes.missing}>{reportMessages.none}</span>
        ) : (
          <FileContent name={file.name} content={file.content} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The text in a monospace block; a long one folds to its first lines with a toggle. */
function FileContent({ name, content }: { name: string; content: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const text = content.replace(/\n$/, '');
  const lines = text.split('\n').length;
  const long = lines > FOLD_LINES || text.length > FOLD_CHARS;
  return (
    <div>
      <pre
        id={id}
        className={classes.pre}
        data-folded={long && !open ? true : undefined}
        aria-label={name}
      >
        {text}
      </pre>
      {long ? (
        <Button
          size="compact-xs"
          variant="subtle"
          mt={2}
          aria-expanded={open}
          aria-controls={id}
          leftSection={<Icon name={open ? 'chevronDown' : 'chevronRight'} size={12} />}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? m.showLess : m.showAll(lines)}
        </Button>
      ) : null}
    </div>
  );
}
