import { Button, FileButton, Group, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import classes from './file-drop-zone.module.css';

export interface FileDropZoneProps {
  /** The zone's accessible name. */
  label: string;
  /** Before the button: 'Drag … files here, or'. */
  hint: string;
  chooseLabel: string;
  /** Under the button: what is accepted. */
  note: string;
  /** The file chooser's filter (`.opt`); dropped files are not filtered here. */
  accept: string;
  onFiles: (files: File[]) => void;
}

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files by drag and drop onto the zone, or through the button's file chooser (a hidden
 * `<input type="file" multiple>`): the button is what the keyboard reaches.
 */
export function FileDropZone({
  label,
  hint,
  chooseLabel,
  note,
  accept,
  onFiles,
}: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  const resetChooser = useRef<() => void>(null);

  return (
    <div
      role="group"
      aria-label={label}
      className={classes.zone}
      data-over={over || undefined}
      data-testid="file-drop-zone"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      <Group gap="xs" justify="center">
        <Text size="sm">{hint}</Text>
        <FileButton
          multiple
          accept={accept}
          resetRef={resetChooser}
          onChange={(files) => {
            if (files.length > 0) onFiles(files);
            // The same file chosen again after a Clear is a change too.
            resetChooser.current?.();
          }}
        >
          {(props) => (
            <Button size="xs" variant="default" {...props}>
              {chooseLabel}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </div>
  );
}
