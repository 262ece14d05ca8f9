import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Icon } from '../../../components/ui/icons';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDateTime } from '../../../lib/dates';
import { routePath } from '../../../lib/route-paths';
import { showToast } from '../../../lib/toast';
import { useFolderTree } from '../api/get-document-list';
import { resourcesMessages as m } from '../messages';
import { breadcrumbsOf, entriesOf, type DirectoryEntry, type TopicRoot } from '../utils/directory';
import { TRUNCATE, displayTitle, fileKind, truncate } from '../utils/file-names';
import { SNACKBAR_MS, useAppLink } from '../utils/links';
import { FileActions } from './file-actions';
import classes from './resources.module.css';

export interface BlobBrowserProps {
  root: TopicRoot;
  /** The topic's `rootDir` as the address has it (the first breadcrumb opens it). */
  rootDir: string;
  /** The folder shown (`openDir`, else the root). */
  dir: string;
}

/** The address of a folder of the topic. */
const folderHref = (rootDir: string, dir: string) =>
  routePath('documentationTopic', {}, dir === rootDir ? { rootDir } : { rootDir, openDir: dir });

function EntryRow({
  entry,
  rootDir,
  software,
}: {
  entry: DirectoryEntry;
  rootDir: string;
  software: boolean;
}) {
  const appLink = useAppLink();
  const href = folderHref(rootDir, entry.absolutePath);
  const name = entry.file
    ? truncate(displayTitle(entry.file), TRUNCATE.file)
    : truncate(entry.name, TRUNCATE.folder);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <Icon name={entry.isDirectory ? 'folder' : 'file'} size={16} />
          <Text size="sm" span>
            {entry.file ? fileKind(entry.file.fileName) : m.folderType}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td className={classes.name}>
        {entry.isDirectory ? (
          <Anchor
            href={href}
            onClick={appLink(href)}
            aria-label={m.openFolder(entry.name)}
            fw={600}
          >
            {name}
          </Anchor>
        ) : (
          <Text size="sm" title={entry.file?.fileName}>
            {name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(entry.modifiedOn)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatBytes(entry.length)}</Text>
      </Table.Td>
      {software && (
        <Table.Td>
          <Text className={classes.md5}>{entry.md5sum ?? ''}</Text>
        </Table.Td>
      )}
      <Table.Td>{entry.file && <FileActions file={entry.file} />}</Table.Td>
    </Table.Tr>
  );
}

/**
 * A topic's folders and files (spec 002 "Topic page"): breadcrumbs, then the folder's entries,
 * folders first, by name; the Md5Sum column for the software-downloads container only.
 */
export function BlobBrowser({ root, rootDir, dir }: BlobBrowserProps) {
  const tree = useFolderTree(root);
  const appLink = useAppLink();
  const crumbs = breadcrumbsOf(root, rootDir, dir);
  const software = root.container === 'software-downloads';

  useEffect(() => {
    if (tree.error) showToast({ message: m.listFailed, color: 'red', autoClose: SNACKBAR_MS });
  }, [tree.error]);

  if (crumbs === null) {
    return (
      <Alert color="red" role="alert">
        {m.errorBreadcrumbs}
      </Alert>
    );
  }
  const here = crumbs.at(-1)!.name;
  return (
    <>
      <nav aria-label={m.breadcrumbsLabel}>
        <Breadcrumbs separatorMargin={6}>
          {crumbs.map((crumb, i) => {
            const label = truncate(crumb.name, TRUNCATE.breadcrumb);
            const href = folderHref(rootDir, crumb.dir);
            return i === crumbs.length - 1 ? (
              <Text key={crumb.dir} fw={600} aria-current="page" title={crumb.name}>
                {label}
              </Text>
            ) : (
              <Anchor key={crumb.dir} href={href} onClick={appLink(href)} title={crumb.name}>
                {label}
              </Anchor>
            );
          })}
        </Breadcrumbs>
      </nav>
      {tree.isPending ? (
        <Loader role="status" aria-label={m.loadingFolder} />
      ) : tree.error ? (
        <Alert color="red" role="alert">
          {m.errorListing}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void tree.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      ) : (
        <Entries
          entries={entriesOf(tree.data, dir)}
          rootDir={rootDir}
          software={software}
          caption={m.tableLabel(here)}
        />
      )}
    </>
  );
}

function Entries({
  entries,
  rootDir,
  software,
  caption,
}: {
  entries: DirectoryEntry[];
  rootDir: string;
  software: boolean;
  caption: string;
}) {
  if (entries.length === 0) return <Text c="dimmed">{m.emptyFolder}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.columns.type}</Table.Th>
            <Table.Th>{m.columns.title}</Table.Th>
            <Table.Th>{m.columns.modified}</Table.Th>
            <Table.Th>{m.columns.size}</Table.Th>
            {software && <Table.Th>{m.columns.md5}</Table.Th>}
            <Table.Th>{m.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <EntryRow
              key={entry.absolutePath}
              entry={entry}
              rootDir={rootDir}
              software={software}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
