import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FileDropZone } from '../../tools';
import { appUploadQueue, useUploadItems } from '../hooks/use-upload-queue';
import { diagnosticsMessages } from '../messages';
import type { UploadQueue } from '../utils/upload-queue';
import classes from './diagnostics-upload.module.css';
import { UploadTable } from './upload-table';

const m = diagnosticsMessages.upload;

export interface DiagnosticsUploadProps {
  /** The queue the files go to; the app's one queue unless a test brings its own. */
  queue?: UploadQueue;
}

/**
 * Tools > Diagnostics Upload (spec 001 §2 Tools, §3, §5): files by drag and drop or the chooser,
 * a table of them, 'Start Uploads' (the pending ones, three at a time) and 'Clear'.
 */
export function DiagnosticsUpload({ queue = appUploadQueue() }: DiagnosticsUploadProps) {
  const items = useUploadItems(queue);
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const hasPending = items.some((item) => item.status === 'pending');

  return (
    <Stack gap="sm" maw={1100}>
      <ul aria-label={m.rulesLabel} className={classes.rules}>
        {m.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <FileDropZone
        label={m.dropZoneLabel}
        hint={m.dropHint}
        chooseLabel={m.choose}
        note={m.note}
        accept=".kdp"
        onFiles={(files) => setDuplicates(queue.add(files))}
      />
      {duplicates.length > 0 ? (
        <Alert color="yellow" variant="light" role="alert" p="xs">
          <Text size="sm">{m.duplicates(duplicates)}</Text>
        </Alert>
      ) : null}
      <Group gap="xs" justify="flex-end">
        <Button size="sm" onClick={queue.start} disabled={!hasPending}>
          {m.start}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => {
            queue.clear();
            setDuplicates([]);
          }}
          disabled={items.length === 0}
        >
          {m.clear}
        </Button>
      </Group>
      <UploadTable items={items} onRemove={queue.remove} />
    </Stack>
  );
}
