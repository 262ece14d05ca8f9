import { OPTIONS_VALIDATION_LIMITS as L } from '@aerie/contract';
import { Alert, Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { showToast, type Toast } from '../../../lib/toast';
import { useValidateOptionsFiles } from '../api/validate-options-files';
import { toolsMessages } from '../messages';
import { addFiles } from '../utils/options-files';
import { FileDropZone } from './file-drop-zone';
import classes from './options-file-validator.module.css';
import { OptionsValidationResult } from './options-validation-result';

const texts = toolsMessages.validator;

/** Spec 001 §8: a non-OK answer shows its text for 5 s (danger); an exception its message 3 s. */
export function validationFailureToast(error: unknown): Toast {
  if (isApiError(error) && error.kind === 'http') {
    return { message: texts.failed(error.message), color: 'red', autoClose: 5_000 };
  }
  return {
    message: texts.failed(error instanceof Error ? error.message : String(error)),
    autoClose: 3_000,
  };
}

/**
 * The Options File Validator (spec 001 §2 Tools): .opt files by drag and drop or the chooser,
 * a tag per file with a remove button, 'Validate files' and 'Clear', then the result.
 */
export function OptionsFileValidator() {
  const [files, setFiles] = useState<File[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const validation = useValidateOptionsFiles();

  const add = (incoming: File[]) => {
    const choice = addFiles(files, incoming);
    setFiles(choice.files);
    setNotices([
      ...(choice.refused.length > 0 ? [texts.onlyOptions(choice.refused)] : []),
      ...(choice.overLimit > 0 ? [texts.tooMany(choice.overLimit)] : []),
    ]);
  };
  const clear = () => {
    setFiles([]);
    setNotices([]);
    validation.reset();
  };
  const validate = () =>
    validation.mutate(files, { onError: (error) => showToast(validationFailureToast(error)) });

  return (
    <Stack gap="sm" maw={960}>
      <Text size="sm" c="dimmed">
        {texts.description}
      </Text>
      <FileDropZone
        label={texts.dropZoneLabel}
        hint={texts.dropHint}
        chooseLabel={texts.choose}
        note={texts.limits}
        accept={L.extension}
        onFiles={add}
      />
      {notices.length > 0 ? (
        <Alert color="yellow" variant="light" role="alert" p="xs">
          {notices.map((notice) => (
            <Text key={notice} size="sm">
              {notice}
            </Text>
          ))}
        </Alert>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        {files.length > 0 ? (
          <Pill.Group role="list" aria-label={texts.chosenLabel}>
            {files.map((file) => (
              <Pill
                key={file.name}
                className={classes.tag}
                role="listitem"
                withRemoveButton
                onRemove={() => setFiles((current) => current.filter((f) => f !== file))}
                // Mantine's remove button is meant for a pills input (Backspace removes there):
                // here it is a button of its own, in the tab order, with a name.
                removeButtonProps={{
                  tabIndex: 0,
                  'aria-hidden': false,
                  'aria-label': texts.remove(file.name),
                }}
              >
                {file.name}
              </Pill>
            ))}
          </Pill.Group>
        ) : (
          <Text size="sm" c="dimmed">
            {texts.none}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap">
          <Button
            size="sm"
            onClick={validate}
            disabled={files.length === 0}
            loading={validation.isPending}
          >
            {texts.validate}
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={clear}
            disabled={files.length === 0 && notices.length === 0 && !validation.data}
          >
            {texts.clear}
          </Button>
        </Group>
      </Group>
      {validation.data ? <OptionsValidationResult result={validation.data} /> : null}
    </Stack>
  );
}
