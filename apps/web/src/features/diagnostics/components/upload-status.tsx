import { Badge, Group, Loader, Progress, Text } from '@mantine/core';
import { diagnosticsMessages } from '../messages';
import type { UploadItem } from '../utils/upload-items';
import { LiveProcessingState } from './processing-state';
import { MessagePopover } from './message-popover';

const m = diagnosticsMessages.upload;

export interface UploadStatusProps {
  item: UploadItem;
}

/**
 * An upload's state (spec 001 §2 Tools): Pending; Uploading with a spinner and the share sent;
 * Done, with the stored file's processing state; Error, whose message shows on click.
 */
export function UploadStatus({ item }: UploadStatusProps) {
  switch (item.status) {
    case 'pending':
      return (
        <Badge variant="dot" color="gray" size="sm">
          {m.status.pending}
        </Badge>
      );
    case 'uploading': {
      const percent = Math.round(item.progress * 100);
      return (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} aria-hidden />
          <Text size="xs" span>
            {m.status.uploading}
          </Text>
          <Progress
            value={percent}
            size="sm"
            w={64}
            aria-label={m.uploadingPercent(item.file.name)}
          />
          <Text size="xs" span c="dimmed" miw={32} ta="right">
            {`${percent}%`}
          </Text>
        </Group>
      );
    }
    case 'done':
      return (
        <Group gap={6} wrap="nowrap">
          <Badge variant="dot" color="green" size="sm">
            {m.status.done}
          </Badge>
          {item.stored ? <LiveProcessingState file={item.stored} /> : null}
          {item.duplicate ? (
            <Text size="xs" span c="dimmed">
              {diagnosticsMessages.processing.duplicate}
            </Text>
          ) : null}
        </Group>
      );
    case 'error':
      return (
        <MessagePopover
          label={m.status.error}
          title={m.errorOf(item.file.name)}
          message={item.message ?? diagnosticsMessages.unknownError}
          color="red"
        />
      );
  }
}
