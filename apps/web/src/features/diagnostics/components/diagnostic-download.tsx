import { DIAGNOSTICS_MESSAGES } from '@aerie/contract';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDiagnosticFileUrl } from '../api/get-diagnostic-file-url';
import { diagnosticsMessages } from '../messages';
import { diagnosticDownloadSearchSchema } from '../utils/download-search';
import { downloadTarget } from '../utils/download-target';
import { openSignedUrl } from '../utils/browser-links';

const M = DIAGNOSTICS_MESSAGES.download;
const m = diagnosticsMessages.download;

function DownloadLayout({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={560} ta="center">
        {children}
        <Anchor component={Link} to="/">
          {M.returnToDashboard}
        </Anchor>
      </Stack>
    </Center>
  );
}

function DownloadFile({
  path,
  startDownload,
}: {
  path: string;
  startDownload: (url: string) => void;
}) {
  const url = useDiagnosticFileUrl(path);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!url.data || started.current === url.data) return;
    started.current = url.data;
    startDownload(url.data);
  }, [url.data, startDownload]);

  if (url.isPending) {
    return (
      <DownloadLayout>
        <Loader role="status" aria-label={m.preparing} />
      </DownloadLayout>
    );
  }
  if (url.error) {
    return (
      <DownloadLayout>
        <Title order={1} size="h2">
          {M.notFoundTitle}
        </Title>
        <Text c="dimmed">{M.notFoundBody}</Text>
      </DownloadLayout>
    );
  }
  return (
    <DownloadLayout>
      <Title order={1} size="h2">
        {m.started}
      </Title>
      <Text c="dimmed" role="status">
        {m.startedHint}
      </Text>
    </DownloadLayout>
  );
}

export interface DiagnosticDownloadProps {
  /** Where the signed URL goes (the browser by default). */
  startDownload?: (url: string) => void;
}

/**
 * The diagnostic download page (/diagnostic/download?antennaSerial=…&path=…, spec 001 §2): the
 * file's signed URL, then the browser downloads it; what is wrong with the address otherwise.
 */
export function DiagnosticDownload({ startDownload = openSignedUrl }: DiagnosticDownloadProps) {
  // NOTE: the router has validated the search already; parsing it again types it here.
  const target = useSearch({
    strict: false,
    select: (search) => downloadTarget(diagnosticDownloadSearchSchema.parse(search)),
    structuralSharing: true,
  });
  if (!target.ok) {
    return (
      <DownloadLayout>
        <Title order={1} size="h2">
          {m.title}
        </Title>
        <Alert color="red" role="alert">
          {target.message}
        </Alert>
      </DownloadLayout>
    );
  }
  return <DownloadFile key={target.path} path={target.path} startDownload={startDownload} />;
}
