import { DIAGNOSTICS_MESSAGES as D } from '@aerie/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useUploadDiagnosticFile } from '../api/upload-diagnostic-file';
import { diagnosticsMessages } from '../messages';
import { deviceUploadProblem } from '../utils/device-upload';
import { uploadErrorMessage } from '../utils/upload-items';

const m = diagnosticsMessages.deviceUpload;

export interface DeviceDiagnosticUploadProps {
  /** The device's antenna serial: the files go to its store. */
  antennaSerial: string;
}

/**
 * The device page's upload (spec 001 §5, §8): one file at a time, checked before it is sent;
 * 'Successfully uploaded!' and the list asked again, or the problem with the server's words.
 */
export function DeviceDiagnosticUpload({ antennaSerial }: DeviceDiagnosticUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadDiagnosticFile();
  const titleId = useId();

  const submit = () => {
    const refused = deviceUploadProblem(file, antennaSerial);
    if (refused || !file) {
      setProblem(refused ?? D.fileRequired);
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { serial: antennaSerial, file, sendSerial: true, onProgress: setProgress },
      {
        onSuccess: () => {
          showToast({ message: D.uploaded, color: 'green', autoClose: 3_000 });
          setFile(null);
        },
        onError: (error) => setProblem(D.uploadProblem(uploadErrorMessage(error))),
      },
    );
  };

  const percent = Math.round(progress * 100);
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId}>
        {m.title}
      </Title>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <FileInput
          size="xs"
          w={360}
          label={m.fileLabel}
          description={m.description}
          placeholder={m.placeholder}
          accept=".kdp"
          clearable
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
          }}
          disabled={upload.isPending}
        />
        <Button size="xs" mt={38} onClick={submit} loading={upload.isPending}>
          {m.submit}
        </Button>
      </Group>
      {upload.isPending ? (
        <Group gap="xs" wrap="nowrap" maw={420}>
          <Progress value={percent} size="sm" flex={1} aria-label={m.progress} />
          <Text size="xs" c="dimmed" miw={32} ta="right">
            {`${percent}%`}
          </Text>
        </Group>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" p="xs" maw={720}>
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
