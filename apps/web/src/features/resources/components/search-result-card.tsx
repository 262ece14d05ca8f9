import type { DocumentSearchResult } from '@aerie/contract';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes } from '../../../lib/format-bytes';
import { resourcesMessages as m } from '../messages';
import { isPdf } from '../utils/file-names';
import { highlightTags } from '../utils/highlights';
import { downloadPagePath, useAppLink } from '../utils/links';
import { CopyLinkButton } from './copy-link-button';
import { FileActions } from './file-actions';
import { HighlightedText } from './highlighted-text';
import classes from './resources.module.css';

export interface SearchResultCardProps {
  result: DocumentSearchResult;
  /** The term that found it (the download page links back to these results). */
  term: string;
}

/**
 * One search result (spec 002 "Search results page"): the file name (opens it), copy link,
 * view or download, size, title, description, the text's and the tags' highlights, the date.
 */
export function SearchResultCard({ result, term }: SearchResultCardProps) {
  const appLink = useAppLink();
  const pdf = isPdf(result);
  const href = downloadPagePath(result.filePath, { view: pdf, search: term });
  const file = {
    path: result.filePath,
    fileName: result.fileName,
    contentType: result.contentType,
  };
  const tags = result.highlights.tags.flatMap(highlightTags);
  return (
    <Card component="article" padding="md" radius="md" className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor href={href} onClick={appLink(href)} fw={600} className={classes.name}>
            {result.fileName}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            {!pdf && <CopyLinkButton file={file} view={false} />}
            <FileActions file={file} search={term} />
          </Group>
        </Group>
        {/* Under the page's "Results for …" heading (h2). */}
        <Text fw={600} component="h3" size="md" m={0}>
          {result.title}
        </Text>
        {result.description && <Text size="sm">{result.description}</Text>}
        {result.highlights.content.length > 0 && (
          <Stack gap={2} aria-label={m.matches} role="group">
            {result.highlights.content.map((fragment, i) => (
              <Text key={i} size="sm" c="dimmed" className={classes.highlight}>
                …<HighlightedText highlight={fragment} />…
              </Text>
            ))}
          </Stack>
        )}
        {tags.length > 0 && (
          <Group gap={4} aria-label={m.tagMatches} role="group">
            {tags.map((tag) => (
              <Badge key={tag} variant="default" className={`${classes.tag} ${classes.highlight}`}>
                <HighlightedText highlight={tag} />
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            {m.size}: {formatBytes(result.fileSize)}
          </Text>
          <Text size="xs" c="dimmed">
            {m.date}: {formatDateTime(result.date)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
