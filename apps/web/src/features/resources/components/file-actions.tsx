import { Button, Group } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { showToast } from '../../../lib/toast';
import { useDocumentUrlMutation } from '../api/get-document-url';
import { resourcesMessages as m } from '../messages';
import { CopyLinkButton } from './copy-link-button';
import { isPdf } from '../utils/file-names';
import { SNACKBAR_MS, downloadPagePath, openSignedUrl, useAppLink } from '../utils/links';

export interface FileActionsProps {
  file: { path: string; fileName: string; contentType: string };
  /** The search that found the file: its download page links back to the results. */
  search?: string;
}

/**
 * A file's actions (spec 002 "Topic page"): Copy Link and View File for PDFs (the download
 * page, which opens the file), otherwise Download File (the file arrives, the page stays).
 */
export function FileActions({ file, search }: FileActionsProps) {
  const url = useDocumentUrlMutation();
  const appLink = useAppLink();
  if (isPdf(file)) {
    const viewHref = downloadPagePath(file.path, { view: true, ...(search ? { search } : {}) });
    return (
      <Group gap={4} wrap="nowrap">
        <CopyLinkButton file={file} view />
        <Button
          component="a"
          href={viewHref}
          onClick={appLink(viewHref)}
          size="compact-sm"
          variant="light"
          aria-label={m.viewFileOf(file.fileName)}
        >
          {m.viewFile}
        </Button>
      </Group>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<Icon name="download" size={16} />}
      loading={url.isPending}
      aria-label={m.downloadFileOf(file.fileName)}
      onClick={() =>
        url.mutate(
          { path: file.path, view: false },
          {
            onSuccess: (signed) => {
              openSignedUrl(signed, false);
              showToast({ message: m.downloadStarted, color: 'green', autoClose: SNACKBAR_MS });
            },
            onError: () =>
              showToast({ message: m.unableToAcquireUrl, color: 'red', autoClose: SNACKBAR_MS }),
          },
        )
      }
    >
      {m.downloadFile}
    </Button>
  );
}
