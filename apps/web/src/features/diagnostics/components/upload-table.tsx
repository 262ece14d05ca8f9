import { diagnosticAnalyzePath } from '@aerie/contract';
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { FixedDataTable } from '../../../components/data-table/data-table';
import { Icon } from '../../../components/ui/icons';
import { formatBytes } from '../../../lib/format-bytes';
import { diagnosticsMessages } from '../messages';
import { copyLink } from '../utils/browser-links';
import { analyzeTarget, type UploadItem } from '../utils/upload-items';
import { UploadStatus } from './upload-status';

const m = diagnosticsMessages.upload;

/** Copy link and view: only once the device and the content's MD5 are known (spec 001 §2). */
function UploadActions({ item }: { item: UploadItem }) {
  const target = analyzeTarget(item);
  if (!target) return <Text size="sm">{m.noActions}</Text>;
  const path = diagnosticAnalyzePath(target.deviceId, target.fileHash);
  const name = item.file.name;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={m.copyLink(name)} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={m.copyLink(name)}
          onClick={() => void copyLink(path)}
        >
          <Icon name="copy" size={16} />
        </ActionIcon>
      </Tooltip>
      <Anchor
        size="sm"
        aria-label={m.view(name)}
        renderRoot={(props) => <Link {...props} to={path} />}
      >
        {m.viewLabel}
      </Anchor>
    </Group>
  );
}

function RemoveAction({ item, onRemove }: { item: UploadItem; onRemove: (id: string) => void }) {
  const name = item.file.name;
  if (item.status === 'uploading') {
    return (
      <Tooltip label={m.removeBlocked(name)} withArrow>
        <span style={{ display: 'inline-flex', padding: 4 }}>
          <Icon name="hourglass" size={16} title={m.removeBlocked(name)} />
        </span>
      </Tooltip>
    );
  }
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="sm"
      aria-label={m.remove(name)}
      onClick={() => onRemove(item.id)}
    >
      <Icon name="trash" size={16} />
    </ActionIcon>
  );
}

function uploadColumns(onRemove: (id: string) => void): ColumnDef<UploadItem>[] {
  return [
    {
      id: 'fileName',
      header: m.columns.fileName,
      cell: ({ row }) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {row.original.file.name}
        </Text>
      ),
    },
    {
      id: 'size',
      header: m.columns.size,
      cell: ({ row }) => formatBytes(row.original.file.size),
    },
    {
      id: 'status',
      header: m.columns.status,
      cell: ({ row }) => <UploadStatus item={row.original} />,
    },
    {
      id: 'actions',
      header: m.columns.actions,
      cell: ({ row }) => <UploadActions item={row.original} />,
    },
    {
      id: 'remove',
      header: m.columns.remove,
      cell: ({ row }) => <RemoveAction item={row.original} onRemove={onRemove} />,
    },
  ];
}

export interface UploadTableProps {
  items: readonly UploadItem[];
  onRemove: (id: string) => void;
}

/** The upload tool's files (spec 001 §2 Tools): name, size, status, actions and remove. */
export function UploadTable({ items, onRemove }: UploadTableProps) {
  const columns = useMemo(() => uploadColumns(onRemove), [onRemove]);
  return (
    <FixedDataTable
      label={m.tableLabel}
      columns={columns}
      data={items}
      getRowId={(item) => item.id}
      emptyText={m.noneChosen}
      minWidth={720}
      dense
    />
  );
}
