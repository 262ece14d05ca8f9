import { z } from 'zod';

/** Search history (spec 000 §3, §4, §9): 5 terms, a repeated term moves to the front. */
export const SEARCH_HISTORY_LIMIT = 5;
export const searchHistoryEntrySchema = z.object({ term: z.string().trim().min(1).max(200) });
export const searchHistorySchema = z.array(searchHistoryEntrySchema);

/** Recent search results (spec 000 §3, §9): 5. */
export const RECENT_RESULTS_LIMIT = 5;
export const recentResultSchema = z.object({
  type: z.enum(['device', 'remote', 'subscription', 'doc']),
  id: z.string().min(1).max(2000),
  name: z.string().max(500),
});
export type RecentResult = z.infer<typeof recentResultSchema>;
export const recentResultListSchema = z.array(recentResultSchema);

/**
 * Recent items per kind (spec 000 §3, §9): 10 per kind for remotes, devices and
 * subscriptions; the oldest by timestamp is dropped past the limit. The home
 * page's recent devices show the newest 5.
 */
export const RECENT_ITEMS_LIMIT = 10;
export const RECENT_DEVICES_SHOWN = 5;
export const recentItemKindSchema = z.enum(['device', 'remote', 'subscription']);
export type RecentItemKind = z.infer<typeof recentItemKindSchema>;
export const recentItemSchema = z.object({
  ts: z.number().int(),
  id: z.string().min(1).max(100),
  name: z.string().max(500),
});
export type RecentItem = z.infer<typeof recentItemSchema>;
export const recentItemListSchema = z.array(recentItemSchema);
export const addRecentItemSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(500),
});

/** Path parameters of `GET|POST /v2/users/me/recentItems/{kind}`. */
export const recentItemKindParamsSchema = z.object({ kind: recentItemKindSchema });
