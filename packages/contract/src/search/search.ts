import { z } from 'zod';
import {
  DOCUMENT_SEARCH_MAX_RESULTS,
  documentSearchResultsSchema,
} from '../resources/document-search.js';

/**
 * Global search (spec 000 §2.7, §5, §7, §9; docs/decisions/032-global-search.md): the top
 * bar's autocomplete over the devices, remotes and subscriptions the caller may see and the
 * document library; with `maxResults`, the document search of the Resources pages (spec 002 §7;
 * docs/decisions/040-document-library.md).
 */

/** Terms shorter than this show the history and recent results instead (spec 000 §5, §9). */
export const SEARCH_MIN_TERM_LENGTH = 3;
/** The wait after the last keystroke before a search runs (spec 000 §5, §9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** Results per group of the autocomplete (spec 000 §7, §9: `take=10`). */
export const SEARCH_AUTOCOMPLETE_TAKE = 10;
/** The most results a group may ask for. */
export const SEARCH_MAX_TAKE = 50;
/** The longest term: longer than any name, serial or subscription number. */
export const SEARCH_TERM_MAX_LENGTH = 100;

export const searchQuerySchema = z
  .object({
    searchTerm: z
      .string()
      .trim()
      .min(
        SEARCH_MIN_TERM_LENGTH,
        `The search term must have at least ${SEARCH_MIN_TERM_LENGTH} characters.`,
      )
      .max(
        SEARCH_TERM_MAX_LENGTH,
        `The search term must have at most ${SEARCH_TERM_MAX_LENGTH} characters.`,
      ),
    /** Results per group of the autocomplete (10 when neither this nor maxResults is sent). */
    take: z.coerce.number().int().min(1).max(SEARCH_MAX_TAKE).optional(),
    /** The document search (spec 002 §7): at most this many documents, with highlights. */
    maxResults: z.coerce.number().int().min(1).max(DOCUMENT_SEARCH_MAX_RESULTS).optional(),
  })
  .refine((q) => q.take === undefined || q.maxResults === undefined, {
    path: ['maxResults'],
    message: 'Send take (the grouped search) or maxResults (the document search), not both.',
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** What a device result matched when it is not its name. */
export const searchMatchSchema = z.object({
  /** `serial`: the device's serial; `component`: a component's serial (IMEI and ICCID too). */
  field: z.enum(['serial', 'component', 'remoteId']),
  /** The component's type (`Antenna`, `HybridImei`…) for a component match; null otherwise. */
  componentType: z.string().nullable(),
  value: z.string(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/**
 * A device found by its name, its serial or a component's serial (`type: 'device'`), or by its
 * remote's id on the hub (`type: 'remote'`; a remote is the device's registration on the hub,
 * ARCHITECTURE §5, and opens the device's page).
 */
export const searchDeviceResultSchema = z.object({
  type: z.enum(['device', 'remote']),
  id: z.uuid(),
  name: z.string(),
  match: searchMatchSchema.nullable(),
});
export type SearchDeviceResult = z.infer<typeof searchDeviceResultSchema>;

/** A subscription found by its number or its name (description). */
export const searchSubscriptionResultSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subscriptionNumber: z.string().nullable(),
});
export type SearchSubscriptionResult = z.infer<typeof searchSubscriptionResultSchema>;

/** A document of the library found by its title, file name, tags, description or text. */
export const searchDocResultSchema = z.object({
  filePath: z.string(),
  title: z.string(),
  fileName: z.string(),
});
export type SearchDocResult = z.infer<typeof searchDocResultSchema>;

/**
 * The results by group, best first: for devices and subscriptions an exact match, then one that
 * starts with the term, then one that contains it, names in natural order within each; for
 * documents by rank. A group the caller's role may not see is empty.
 */
export const searchResultsSchema = z.object({
  devices: z.array(searchDeviceResultSchema),
  subscriptions: z.array(searchSubscriptionResultSchema),
  /** Best match first, one per file name (every signed-in user sees the library). */
  docs: z.array(searchDocResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/**
 * `GET /v2/search`: the groups, or with `maxResults` the document search's results (spec 000
 * §7 names both calls on the one path).
 */
export const searchResponseSchema = z.union([searchResultsSchema, documentSearchResultsSchema]);
export type SearchResponse = z.infer<typeof searchResponseSchema>;
