import { z } from 'zod';

/**
 * The document search (spec 002 §3 "Document search result", §7 `GET /v2/search?maxResults=`,
 * §9; docs/decisions/040-document-library.md), apart from the rest of the library's contract:
 * the top bar's search loads it on every signed-in page.
 */

/** Spec 002 §9: document search maxResults 999. */
export const DOCUMENT_SEARCH_MAX_RESULTS = 999;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Highlights mark each match between these two characters (Unicode private use, removed from
 * every text the library keeps), so a client renders them as marks and never as markup.
 */
export const HIGHLIGHT_START = '\ue000';
export const HIGHLIGHT_END = '\ue001';

/** "Document search result" of spec 002 §3. */
export const documentSearchResultSchema = z.object({
  fileName: z.string(),
  filePath: z.string(),
  fileSize: z.number().int().min(0),
  contentType: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** The file's last change. */
  date: isoDateTime,
  highlights: z.object({
    /** Fragments of the text around the matches (at most 3). */
    content: z.array(z.string()),
    /** The matching tags, comma-separated, each match marked (spec 002: "comma-split"). */
    tags: z.array(z.string()),
  }),
});
export type DocumentSearchResult = z.infer<typeof documentSearchResultSchema>;

/** `GET /v2/search?searchTerm=&maxResults=`: best match first, one per file name. */
export const documentSearchResultsSchema = z.object({
  documents: z.array(documentSearchResultSchema),
});
export type DocumentSearchResults = z.infer<typeof documentSearchResultsSchema>;
