import {
  DOCUMENT_TOPICS,
  folderOfDir,
  parseDocumentPath,
  type DocumentBlob,
  type DocumentContainer,
} from '@aerie/contract';

/** A row of the browser (spec 002 §3: isDirectory, name, absolutePath, length, md5sum). */
export interface DirectoryEntry {
  isDirectory: boolean;
  name: string;
  /** The folder's path (`openDir`) or the file's (the download page's `path`). */
  absolutePath: string;
  /** Bytes of a file; of a folder, the bytes of every file under it. */
  length: number;
  md5sum: string | null;
  /** A file's newest change; a folder's, the newest of the files under it. */
  modifiedOn: string;
  /** The file (null for a folder). */
  file: DocumentBlob | null;
}

/** The folder a topic page lists: its container and the folder path its files are under. */
export interface TopicRoot {
  container: DocumentContainer;
  /** The listing's prefix: `/documents/HAWK u8` (the SOFTWARE topic: `/software-downloads`). */
  folder: string;
  /** The breadcrumbs' first name: the topic's ("HAWK u8", "SOFTWARE"). */
  label: string;
}

export type Resolved<T> = ({ ok: true } & T) | { ok: false; message: string };

/** The root of a `rootDir` (spec 002 messages for one that is not a library folder). */
export function topicRoot(rootDir: string): Resolved<TopicRoot> {
  const folder = folderOfDir(rootDir.trim());
  const at = parseDocumentPath(folder, 'folder');
  if (!at.ok) return at;
  const given = parseDocumentPath(rootDir.trim(), 'folder');
  const label = given.ok ? (given.segments.at(-1) ?? given.container) : at.container;
  return { ok: true, container: at.container, folder: at.path, label };
}

/** Whether a topic name is one of the nine of spec 002. */
export function isTopic(name: string): boolean {
  return (DOCUMENT_TOPICS as readonly string[]).includes(name);
}

/** One step of the breadcrumbs: its name and the folder it opens. */
export interface Breadcrumb {
  name: string;
  dir: string;
}

/**
 * The breadcrumbs from the topic's root to `dir` (an `openDir` under the root), or null when
 * `dir` is not under it ('Error attempting to set breadcrumbs.').
 */
export function breadcrumbsOf(root: TopicRoot, rootDir: string, dir: string): Breadcrumb[] | null {
  const first: Breadcrumb = { name: root.label, dir: rootDir };
  if (dir === root.folder) return [first];
  if (!dir.startsWith(`${root.folder}/`)) return null;
  const crumbs = [first];
  let path = root.folder;
  for (const segment of dir.slice(root.folder.length + 1).split('/')) {
    path = `${path}/${segment}`;
    crumbs.push({ name: segment, dir: path });
  }
  return crumbs;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The entries directly in `dir` among the blobs (the folders derived from deeper paths), folders
 * first, each group by name (spec 002: "folders sort before files", "by name").
 */
export function entriesOf(blobs: readonly DocumentBlob[], dir: string): DirectoryEntry[] {
  const base = `${dir}/`;
  const folders = new Map<string, DirectoryEntry>();
  const files: DirectoryEntry[] = [];
  for (const blob of blobs) {
    if (!blob.path.startsWith(base)) continue;
    const rest = blob.path.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash < 0) {
      files.push({
        isDirectory: false,
        name: blob.fileName,
        absolutePath: blob.path,
        length: blob.fileSize,
        md5sum: blob.fileHash,
        modifiedOn: blob.modifiedOn,
        file: blob,
      });
      continue;
    }
    const name = rest.slice(0, slash);
    const folder = folders.get(name) ?? {
      isDirectory: true,
      name,
      absolutePath: `${base}${name}`,
      length: 0,
      md5sum: null,
      modifiedOn: blob.modifiedOn,
      file: null,
    };
    folder.length += blob.fileSize;
    if (blob.modifiedOn > folder.modifiedOn) folder.modifiedOn = blob.modifiedOn;
    folders.set(name, folder);
  }
  const byName = (a: DirectoryEntry, b: DirectoryEntry) => collator.compare(a.name, b.name);
  return [...[...folders.values()].sort(byName), ...files.sort(byName)];
}
