import { RESOURCES_MESSAGES, parseDocumentPath } from '@aerie/contract';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client';
import { routePath } from '../../../lib/route-paths';
import { useDocumentUrl } from '../api/get-document-url';
import { resourcesMessages as m } from '../messages';
import { openSignedUrl, useAppLink } from '../utils/links';
import { downloadSearchSchema } from '../utils/resources-search';

/** The spec's messages the server answers for a path (shown as they are). */
const PATH_MESSAGES: readonly string[] = [
  RESOURCES_MESSAGES.invalidPath,
  RESOURCES_MESSAGES.invalidFileName,
  RESOURCES_MESSAGES.containerNotRecognized,
];

/** Why the file cannot be opened, in the user's words (spec 002 §8). */
function reasonOf(error: unknown, view: boolean): string {
  if (isApiError(error)) {
    const said = PATH_MESSAGES.find((message) => error.message.includes(message));
    if (said) return said;
    if (error.status === 404) return m.errorDownloading;
  }
  return view ? m.unableToAcquireUrl : m.unableToDownload;
}

function BackLink({ search }: { search: string | undefined }) {
  const appLink = useAppLink();
  const href = search
    ? routePath('documentationSearch', {}, { q: search })
    : routePath('documentationTopics');
  return (
    <Anchor href={href} onClick={appLink(href)}>
      {search ? m.backToResults : m.backToTopics}
    </Anchor>
  );
}

function Layout({ search, children }: { search: string | undefined; children: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={560} ta="center">
        {children}
        <BackLink search={search} />
      </Stack>
    </Center>
  );
}

function NotFound({ search, reason }: { search: string | undefined; reason: string }) {
  return (
    <Layout search={search}>
      <Title order={1} size="h2">
        {m.notFoundTitle}
      </Title>
      <Alert color="red" role="alert">
        {reason}
      </Alert>
    </Layout>
  );
}

function OpenFile({
  path,
  view,
  search,
  open,
}: {
  path: string;
  view: boolean;
  search: string | undefined;
  open: (url: string, view: boolean) => void;
}) {
  const url = useDocumentUrl(path, view);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!url.data || opened.current === url.data) return;
    opened.current = url.data;
    open(url.data, view);
  }, [url.data, view, open]);

  if (url.error) return <NotFound search={search} reason={reasonOf(url.error, view)} />;
  return (
    <Layout search={search}>
      <Loader role="status" aria-label={url.data ? m.opening : m.acquiring} />
      <Text fw={600} aria-live="polite">
        {url.data ? m.opening : m.acquiring}
      </Text>
    </Layout>
  );
}

export interface DocumentDownloadProps {
  /** Where the signed URL goes (the browser by default). */
  open?: (url: string, view: boolean) => void;
}

/**
 * The download page (downloadDocumentationFile, spec 002): 'Acquiring file info' while the
 * file's signed URL is asked for, then 'Opening file' as the browser opens it (a PDF to view
 * replaces the page); 'File not found' with the reason and a link back to the search results
 * or the topics otherwise.
 */
export function DocumentDownload({ open = openSignedUrl }: DocumentDownloadProps) {
  // NOTE: the router has validated the search already; parsing it again types it here.
  const search = useSearch({
    strict: false,
    select: (s) => downloadSearchSchema.parse(s),
    structuralSharing: true,
  });
  const path = search.path?.trim() ?? '';
  const back = search.search?.trim() || undefined;
  const at = parseDocumentPath(path);
  if (!at.ok) return <NotFound search={back} reason={at.message} />;
  return (
    <OpenFile
      key={`${at.path}:${String(search.view)}`}
      path={at.path}
      view={search.view ?? false}
      search={back}
      open={open}
    />
  );
}
