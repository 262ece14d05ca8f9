import { z } from 'zod';

/**
 * The document library, "Resources" (spec 002 "Resources and documentation", §3, §6, §7, §8, §9;
 * docs/decisions/040-document-library.md): the provider's documents and software downloads,
 * visible to every signed-in user.
 *
 * A document is addressed by its path, `/{container}/{folder}/…/{fileName}`: the first segment
 * is the storage container (spec 002 §9), the rest the folders and the file's name. The same
 * path is the browser's `rootDir`/`openDir`, the download page's `path`, a search result's
 * `filePath` and, without the leading slash, the key of the file in the blob store.
 */

/** Spec 002 §9: the two storage containers of the library. */
export const DOCUMENT_CONTAINERS = ['documents', 'software-downloads'] as const;
export type DocumentContainer = (typeof DOCUMENT_CONTAINERS)[number];

export function isDocumentContainer(value: string): value is DocumentContainer {
  return (DOCUMENT_CONTAINERS as readonly string[]).includes(value);
}

/** Spec 002 "Topics page": the nine folders, in the order the page lists them. */
export const DOCUMENT_TOPICS = [
  'HAWK u8',
  'OSPREY u8',
  'GOSHAWK u8',
  'PEREGRINE u8',
  'CONNECTIVITY SERVICES',
  'MARKETING AND SALES ASSETS',
  'LOGISTICS, IMPORT, AND REGISTRATION',
  'ACCESS PORTAL AND APP',
  'SOFTWARE',
] as const;
export type DocumentTopic = (typeof DOCUMENT_TOPICS)[number];

/**
 * The SOFTWARE topic's `rootDir` (spec 002: /software/* redirects to it). Its files are the
 * software-downloads container's (decision 040), whose root it shows.
 */
export const SOFTWARE_TOPIC_DIR = '/documents/SOFTWARE';

export const RESOURCES_LIMITS = {
  /** A whole path, container included. */
  maxPathLength: 1024,
  /** One folder name or file name. */
  maxSegmentLength: 255,
  /** Folders below the container. */
  maxDepth: 12,
  /** Storage blobs one page of the listing carries (the whole folder tree for a real library). */
  listMaxTake: 1000,
  /** The largest file an upload may carry (software images included). */
  maxUploadBytes: 2_000_000_000,
  /** A PDF larger than this is stored and listed, but its text is not extracted. */
  pdfTextMaxFileBytes: 64 * 1024 * 1024,
  /** The extracted text kept per document, in UTF-8 bytes (search and highlights read it). */
  textMaxBytes: 192 * 1024,
  maxTitleLength: 300,
  maxDescriptionLength: 2000,
  maxTags: 30,
  maxTagLength: 60,
} as const;

const L = RESOURCES_LIMITS;

/** Spec 002 §8's texts for the library, kept verbatim ("retreive" included), and the server's. */
export const RESOURCES_MESSAGES = {
  errorDownloading: 'Error downloading file.',
  errorListing: 'Error retrieving directory contents.',
  errorBreadcrumbs: 'Error attempting to set breadcrumbs.',
  containerNotRecognized: 'Storage container not recognized.',
  invalidPath: 'Invalid path.',
  invalidFileName: 'Invalid file name.',
  linkCopied: 'Link copied to clipboard!',
  unableToAcquireUrl: 'Unable to acquire file URL',
  listFailed: 'The request to retreive blob files failed',
  unableToDownload: 'Unable to download file',
  downloadStarted: 'File download initiated',
  emptyFolder: 'This folder is empty.',
  noResults: 'No results found for your query.',
  searching: 'Searching for matches...',
  acquiring: 'Acquiring file info',
  opening: 'Opening file',
  notFoundTitle: 'File not found',
  backToTopics: 'Back to Topics',
  /** The server's 404 for a path no document has. */
  documentNotFound: 'File not found',
} as const;

const M = RESOURCES_MESSAGES;

/** A folder or file path, split: the container, the folders under it and (for a file) its name. */
export interface DocumentPath {
  container: DocumentContainer;
  /** The segments after the container, in order; for a file, the last is its name. */
  segments: string[];
  /** `/{container}/{segments…}`, as given (already checked). */
  path: string;
}

export type DocumentPathResult = ({ ok: true } & DocumentPath) | { ok: false; message: string };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Characters no folder or file name of the library has (Windows' reserved set and `\`). */
const RESERVED = /[\\<>:"|?*]/;

/**
 * Reads a library path (spec 002 §8 messages): 'Storage container not recognized.' unless the
 * first segment is a container, 'Invalid path.' for anything but plain segments (empty, `.` or
 * `..` segments, control characters, backslashes, too long or too deep), and, for a file,
 * 'Invalid file name.' for a name that cannot be one. `kind: 'folder'` accepts the container's
 * root (`/documents`) and a trailing slash.
 */
export function parseDocumentPath(
  value: string,
  kind: 'file' | 'folder' = 'file',
): DocumentPathResult {
  const invalid = { ok: false, message: M.invalidPath } as const;
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > L.maxPathLength) {
    return invalid;
  }
  if (CONTROL.test(value) || value.includes('\\')) return invalid;
  const bare =
    kind === 'folder' && value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value;
  const [container = '', ...segments] = bare.slice(1).split('/');
  if (!isDocumentContainer(container)) return { ok: false, message: M.containerNotRecognized };
  if (segments.length > L.maxDepth + 1) return invalid;
  const folders = kind === 'file' ? segments.slice(0, -1) : segments;
  for (const s of folders) {
    if (s === '' || s === '.' || s === '..' || s.length > L.maxSegmentLength || s !== s.trim()) {
      return invalid;
    }
  }
  if (kind === 'file') {
    const name = segments.at(-1);
    if (name === undefined) return invalid;
    if (
      name === '' ||
      name.startsWith('.') ||
      name.length > L.maxSegmentLength ||
      name !== name.trim() ||
      RESERVED.test(name)
    ) {
      return { ok: false, message: M.invalidFileName };
    }
  }
  return { ok: true, container, segments, path: `/${[container, ...segments].join('/')}` };
}

/** The folder path a `rootDir` or `openDir` names: the SOFTWARE topic is the software container. */
export function folderOfDir(dir: string): string {
  const trimmed = dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
  if (trimmed === SOFTWARE_TOPIC_DIR) return '/software-downloads';
  return trimmed;
}

const isoDateTime = z.iso.datetime({ offset: true });
const md5Hex = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'A file hash is an MD5 in 32 lower-case hex digits.');

/**
 * "Storage blob" of spec 002 §3 (uri, fileName, fileSize, contentType, modifiedOn, fileHash),
 * with the path the browser derives folders from and the metadata its Title column shows.
 */
export const documentBlobSchema = z.object({
  /** `storage://{container}/{folders…}/{fileName}`. */
  uri: z.string(),
  /** `/{container}/{folders…}/{fileName}`: the download page's `path`. */
  path: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  contentType: z.string(),
  modifiedOn: isoDateTime,
  /** MD5 of the file's bytes, lower-case hex (the Md5Sum column of software downloads). */
  fileHash: md5Hex,
  title: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
});
export type DocumentBlob = z.infer<typeof documentBlobSchema>;

const pathText = z.string().max(L.maxPathLength, M.invalidPath);

/**
 * `GET /v2/storage/blob/list`: the container's files (under `prefix`, a folder path, when
 * given), by path; `after` is the last path of the previous page.
 */
export const documentListQuerySchema = z.object({
  container: z.enum(DOCUMENT_CONTAINERS, { error: M.containerNotRecognized }),
  prefix: pathText.optional(),
  after: pathText.optional(),
  take: z.coerce.number().int().min(1).max(L.listMaxTake).default(L.listMaxTake),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentListSchema = z.object({
  items: z.array(documentBlobSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** `DELETE /v2/admin/documents?path=`. */
export const documentPathQuerySchema = z.object({ path: pathText });

/** The text fields of an upload (decision 040), sent before the file. */
export const DOCUMENT_UPLOAD_FIELDS = {
  path: 'path',
  title: 'title',
  description: 'description',
  tags: 'tags',
  file: 'file',
} as const;

/** `POST /v2/admin/documents`: the stored document. */
export const documentUploadResponseSchema = z.object({
  document: documentBlobSchema,
  /** True when the path held a document before, now replaced. */
  replaced: z.boolean(),
  /** Characters of text extracted for search (0 for files that are not PDFs). */
  textLength: z.number().int().min(0),
});
export type DocumentUploadResponse = z.infer<typeof documentUploadResponseSchema>;
