import { diagnosticAnalyzePath, type DiagnosticFile } from '@aerie/contract';
import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { FixedDataTable } from '../../../components/data-table/data-table';
import { formatBytes } from '../../../lib/format-bytes';
import { diagnosticsMessages } from '../messages';
import { formatDiagnosticDate } from '../utils/diagnostic-display';
import { ProcessingBadge } from './processing-state';

const m = diagnosticsMessages.browser;

interface FileActionsProps {
  file: DiagnosticFile;
  deviceId: string;
  downloading: boolean;
  onDownload: (file: DiagnosticFile) => void;
}

/** Analyze (a Ready file) and Download (spec 001 §2 "Diagnostics"). */
function FileActions({ file, deviceId, downloading, onDownload }: FileActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {file.status === 'Ready' ? (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={m.analyzeFile(file.fileName)}
          renderRoot={(props) => (
            <Link {...props} to={diagnosticAnalyzePath(deviceId, file.fileHash)} />
          )}
        >
          {m.analyze}
        </Button>
      ) : null}
      <Button
        size="compact-xs"
        variant="default"
        aria-label={m.downloadFile(file.fileName)}
        loading={downloading}
        onClick={() => onDownload(file)}
      >
        {m.download}
      </Button>
    </Group>
  );
}

function fileColumns(
  deviceId: string,
  downloadingPath: string | null,
  onDownload: (file: DiagnosticFile) => void,
): ColumnDef<DiagnosticFile>[] {
  return [
    {
      id: 'fileName',
      header: m.columns.fileName,
      cell: ({ row }) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {row.original.fileName}
        </Text>
      ),
    },
    {
      id: 'fileSize',
      header: m.columns.fileSize,
      cell: ({ row }) => formatBytes(row.original.fileSize),
    },
    {
      id: 'createdOn',
      header: m.columns.createdOn,
      cell: ({ row }) => formatDiagnosticDate(row.original.diagnosticCreatedOn),
    },
    {
      id: 'status',
      header: m.columns.status,
      cell: ({ row }) => <ProcessingBadge file={row.original} />,
    },
    {
      id: 'actions',
      header: m.columns.actions,
      cell: ({ row }) => (
        <FileActions
          file={row.original}
          deviceId={deviceId}
          downloading={downloadingPath === row.original.relativePath}
          onDownload={onDownload}
        />
      ),
    },
  ];
}

export interface DiagnosticFileTableProps {
  deviceId: string;
  files: readonly DiagnosticFile[];
  loading: boolean;
  /** The file whose download is being prepared (its relativePath). */
  downloadingPath: string | null;
  onDownload: (file: DiagnosticFile) => void;
}

/** A device's diagnostic files: name, size, created on (UTC), processing state, actions. */
export function DiagnosticFileTable({
  deviceId,
  files,
  loading,
  downloadingPath,
  onDownload,
}: DiagnosticFileTableProps) {
  const columns = useMemo(
    () => fileColumns(deviceId, downloadingPath, onDownload),
    [deviceId, downloadingPath, onDownload],
  );
  return (
    <FixedDataTable
      label={m.tableLabel}
      columns={columns}
      data={files}
      getRowId={(file) => file.relativePath}
      loading={loading}
      emptyText={m.empty}
      minWidth={720}
      dense
    />
  );
}
