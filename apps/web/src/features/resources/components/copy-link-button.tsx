import { Button } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { resourcesMessages as m } from '../messages';
import { copyFileLink } from '../utils/links';

export interface CopyLinkButtonProps {
  file: { path: string; fileName: string };
  /** Whether the link views the file (a PDF) or downloads it. */
  view: boolean;
}

/** Copy Link (spec 002): the file's lasting link, its download page, on the clipboard. */
export function CopyLinkButton({ file, view }: CopyLinkButtonProps) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<Icon name="copy" size={16} />}
      aria-label={m.copyLinkOf(file.fileName)}
      onClick={() => void copyFileLink(file.path, view)}
    >
      {m.copyLink}
    </Button>
  );
}
