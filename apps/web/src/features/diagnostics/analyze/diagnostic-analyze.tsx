import type { DiagnosticReportRoute } from '@aerie/contract';
import { Group, Stack } from '@mantine/core';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { routePath } from '../../../lib/route-paths';
import { useDiagnosticFile } from './api/get-diagnostic-file';
import { AnalyzeHeader } from './analyze-header';
import { BackToFiles, FileLoadState, ProcessingState, RejectedState } from './file-state';
import { analyzeMessages } from './messages';
import { ReportSwitcher } from './report-switcher';

export interface DiagnosticAnalyzeProps {
  deviceId: string;
  deviceName: string;
  fileHash: string;
  /** The route's selectedReport, as it is in the address. */
  selectedReport: string;
}

/**
 * The analyze screen of one diagnostic file (spec 001 §2, deviceDiagnosticAnalyze): the file's
 * header with the share action, then its reports once it is Ready; while it is processed the
 * screen says so and follows it, a rejected file says why.
 */
export function DiagnosticAnalyze({
  deviceId,
  deviceName,
  fileHash,
  selectedReport,
}: DiagnosticAnalyzeProps) {
  const file = useDiagnosticFile(deviceId, fileHash);
  const navigate = useNavigate();
  const router = useRouter();
  usePageTitle(file.data ? analyzeMessages.title(deviceName, file.data.fileName) : null);

  const path = routePath('deviceDiagnosticAnalyze', { id: deviceId, fileHash, selectedReport });
  const shareLink = new URL(router.history.createHref(path), window.location.href).href;
  const query = useMemo(
    () =>
      file.data
        ? { antennaSerial: file.data.antennaSerial, relativePath: file.data.relativePath }
        : null,
    [file.data],
  );

  if (!file.data || !query) {
    return (
      <FileLoadState
        deviceId={deviceId}
        error={file.error}
        onRetry={() => void file.refetch()}
        retrying={file.isFetching}
      />
    );
  }

  const select = (report: DiagnosticReportRoute) =>
    void navigate({
      to: routePath('deviceDiagnosticAnalyze', { id: deviceId, fileHash, selectedReport: report }),
      // The list under the detail pane keeps its view.
      search: true,
    });

  return (
    <Stack gap="sm">
      <Group>
        <BackToFiles deviceId={deviceId} />
      </Group>
      <AnalyzeHeader file={file.data} shareLink={shareLink} />
      {file.data.status === 'Ready' ? (
        <ReportSwitcher selectedReport={selectedReport} onSelect={select} query={query} />
      ) : file.data.status === 'Rejected' ? (
        <RejectedState file={file.data} />
      ) : (
        <ProcessingState file={file.data} />
      )}
    </Stack>
  );
}
