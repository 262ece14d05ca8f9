import type { DiagnosticFile } from '@aerie/contract';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId } from 'react';
import { showToast } from '../../../lib/toast';
import { useDiagnosticFileUrlMutation } from '../api/get-diagnostic-file-url';
import { useDiagnosticFiles } from '../api/get-diagnostic-files';
import { diagnosticsMessages } from '../messages';
import { DeviceDiagnosticUpload } from './device-diagnostic-upload';
import { openSignedUrl } from '../utils/browser-links';
import { uploadErrorMessage } from '../utils/upload-items';
import { DiagnosticFileTable } from './diagnostic-file-table';

const m = diagnosticsMessages.browser;

export interface DeviceDiagnosticsProps {
  deviceId: string;
  /** The serial of the device's Antenna component; null when it has none. */
  antennaSerial: string | null;
  /** Where a download's signed URL goes (the browser by default). */
  startDownload?: (url: string) => void;
}

/**
 * A device's Diagnostics tab (spec 001 §2 "Diagnostics"): the upload of one file and the files
 * of the device's antenna serial, whose processing state is kept current.
 */
export function DeviceDiagnostics({
  deviceId,
  antennaSerial,
  startDownload = openSignedUrl,
}: DeviceDiagnosticsProps) {
  if (antennaSerial === null) {
    return (
      <Alert color="gray" role="status" maw={720}>
        {m.noAntenna}
      </Alert>
    );
  }
  return (
    <AntennaDiagnostics
      deviceId={deviceId}
      antennaSerial={antennaSerial}
      startDownload={startDownload}
    />
  );
}

function AntennaDiagnostics({
  deviceId,
  antennaSerial,
  startDownload,
}: {
  deviceId: string;
  antennaSerial: string;
  startDownload: (url: string) => void;
}) {
  const files = useDiagnosticFiles(antennaSerial);
  const titleId = useId();
  const signedUrl = useDiagnosticFileUrlMutation();
  const { mutate } = signedUrl;
  const download = useCallback(
    (file: DiagnosticFile) =>
      mutate(file.relativePath, {
        onSuccess: (url) => {
          startDownload(url);
          showToast({ message: m.downloadStarted, autoClose: 3_000 });
        },
        onError: (error) =>
          showToast({
            title: m.downloadFailed,
            message: uploadErrorMessage(error),
            color: 'red',
            autoClose: 5_000,
          }),
      }),
    [mutate, startDownload],
  );
  const items = files.data?.items ?? [];
  const total = files.data?.total ?? 0;

  return (
    <Stack gap="md">
      <DeviceDiagnosticUpload antennaSerial={antennaSerial} />
      <Stack gap="xs" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h5" id={titleId}>
          {m.tableLabel}
        </Title>
        {files.error && !files.data ? (
          <Alert color="red" role="alert">
            {m.loadFailed}
          </Alert>
        ) : (
          <DiagnosticFileTable
            deviceId={deviceId}
            files={items}
            loading={files.isPending}
            downloadingPath={signedUrl.isPending ? (signedUrl.variables ?? null) : null}
            onDownload={download}
          />
        )}
        {total > items.length ? (
          <Text size="xs" c="dimmed">
            {m.more(items.length, total)}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
