import type { DiagnosticFile } from '@aerie/contract';
import { Badge, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getDiagnosticFilesQueryOptions, isProcessed } from '../api/get-diagnostic-files';
import { diagnosticsMessages } from '../messages';
import { MessagePopover } from './message-popover';

const m = diagnosticsMessages.processing;

const colors = { Queued: 'gray', Processing: 'blue', Ready: 'green', Rejected: 'red' } as const;

export interface ProcessingBadgeProps {
  file: Pick<DiagnosticFile, 'fileName' | 'status' | 'statusMessage'>;
}

/** A stored file's processing state; a rejected one tells why on click (decision 039). */
export function ProcessingBadge({ file }: ProcessingBadgeProps) {
  if (file.status === 'Rejected') {
    return (
      <MessagePopover
        label={m.Rejected}
        title={m.reasonOf(file.fileName)}
        message={file.statusMessage ?? m.noReason}
        color={colors.Rejected}
      />
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="dot" color={colors[file.status]} size="sm">
        {m[file.status]}
      </Badge>
      {file.status === 'Processing' ? <Loader size={12} aria-hidden /> : null}
    </Group>
  );
}

export interface LiveProcessingStateProps {
  /** The stored file as the upload answered it. */
  file: DiagnosticFile;
}

/**
 * The processing state of a file just uploaded, kept current: while it is queued or processing,
 * its antenna's list is asked again (every 2 s) and the file's state read from it.
 */
export function LiveProcessingState({ file }: LiveProcessingStateProps) {
  const list = useQuery({
    ...getDiagnosticFilesQueryOptions(file.antennaSerial),
    enabled: !isProcessed(file),
  });
  const current = list.data?.items.find((item) => item.fileHash === file.fileHash) ?? file;
  return <ProcessingBadge file={current} />;
}
