import { folderOfDir, parseDocumentPath } from '@aerie/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { usePageTitle } from '../../../lib/page-title';
import { routePath } from '../../../lib/route-paths';
import { BlobBrowser } from '../components/blob-browser';
import { ResourcesFrame } from '../components/resources-frame';
import { resourcesMessages as m } from '../messages';
import { topicRoot } from '../utils/directory';
import { useAppLink } from '../utils/links';
import { topicSearchSchema } from '../utils/resources-search';

/**
 * `/resources/topic?rootDir=…&openDir=…` (documentationTopic): 'Back to Topics' and the
 * topic's folders (spec 002 "Topic page").
 */
export function TopicPage() {
  // NOTE: the router has validated the search already; parsing it again types it here.
  const search = useSearch({
    strict: false,
    select: (s) => topicSearchSchema.parse(s),
    structuralSharing: true,
  });
  const appLink = useAppLink();
  const rootDir = search.rootDir?.trim() ?? '';
  const root = topicRoot(rootDir);
  const open = search.openDir?.trim();
  const dir = open ? parseDocumentPath(folderOfDir(open), 'folder') : null;
  usePageTitle(root.ok ? `${root.label} / ${m.title}` : null);
  const topics = routePath('documentationTopics');

  return (
    <ResourcesFrame>
      <Stack gap="sm">
        <Anchor href={topics} onClick={appLink(topics)} w="fit-content">
          {m.backToTopics}
        </Anchor>
        {!root.ok ? (
          <Alert color="red" role="alert">
            {root.message}
          </Alert>
        ) : dir && !dir.ok ? (
          <Alert color="red" role="alert">
            {dir.message}
          </Alert>
        ) : (
          <BlobBrowser root={root} rootDir={rootDir} dir={dir ? dir.path : root.folder} />
        )}
      </Stack>
    </ResourcesFrame>
  );
}
