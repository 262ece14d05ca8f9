import type { RecentItem, RecentItemKind, RecentResult } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { RecentRepository } from './recent.repository.js';
import { addRecentItem, addRecentResult, addSearchTerm } from './recent.rules.js';

/** The caller's own search history, recent results and recent items; limits per spec 000 §9. */
export function createRecentService(repo: RecentRepository, now: () => number = Date.now) {
  return {
    async searchHistory(principal: Principal): Promise<{ term: string }[]> {
      return (await repo.searchHistory(principal.userId)).map((term) => ({ term }));
    },
    async addSearchTerm(principal: Principal, term: string): Promise<{ term: string }[]> {
      const next = await repo.updateSearchHistory(principal.userId, (h) => addSearchTerm(h, term));
      return next.map((t) => ({ term: t }));
    },
    recentResults: (principal: Principal): Promise<RecentResult[]> =>
      repo.recentResults(principal.userId),
    addRecentResult: (principal: Principal, result: RecentResult): Promise<RecentResult[]> =>
      repo.updateRecentResults(principal.userId, (list) => addRecentResult(list, result)),
    recentItems: (principal: Principal, kind: RecentItemKind): Promise<RecentItem[]> =>
      repo.recentItems(principal.userId, kind),
    addRecentItem: (
      principal: Principal,
      kind: RecentItemKind,
      item: { id: string; name: string },
    ): Promise<RecentItem[]> =>
      repo.updateRecentItems(principal.userId, kind, (list) => addRecentItem(list, item, now())),
  };
}
export type RecentService = ReturnType<typeof createRecentService>;
