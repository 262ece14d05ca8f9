import { api, type RecentItem, type RecentItemKind, type RecentResult } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { RecentRepository } from './recent.repository.js';
import { addRecentItem, addRecentResult, addSearchTerm } from './recent.rules.js';

/** The caller's own search history, recent results and recent items; limits per spec 000 §9. */
export function createRecentService(
  repo: RecentRepository,
  authorize: Authorize,
  now: () => number = Date.now,
) {
  const s = api.shell;
  return {
    async searchHistory(principal: Principal): Promise<{ term: string }[]> {
      await authorize(principal, s.searchHistory.access);
      return (await repo.searchHistory(principal.userId)).map((term) => ({ term }));
    },
    async addSearchTerm(principal: Principal, term: string): Promise<{ term: string }[]> {
      await authorize(principal, s.addSearchTerm.access);
      const next = await repo.updateSearchHistory(principal.userId, (h) => addSearchTerm(h, term));
      return next.map((t) => ({ term: t }));
    },
    async recentResults(principal: Principal): Promise<RecentResult[]> {
      await authorize(principal, s.recentResults.access);
      return repo.recentResults(principal.userId);
    },
    async addRecentResult(principal: Principal, result: RecentResult): Promise<RecentResult[]> {
      await authorize(principal, s.addRecentResult.access);
      return repo.updateRecentResults(principal.userId, (list) => addRecentResult(list, result));
    },
    async recentItems(principal: Principal, kind: RecentItemKind): Promise<RecentItem[]> {
      await authorize(principal, s.recentItems.access);
      return repo.recentItems(principal.userId, kind);
    },
    async addRecentItem(
      principal: Principal,
      kind: RecentItemKind,
      item: { id: string; name: string },
    ): Promise<RecentItem[]> {
      await authorize(principal, s.addRecentItem.access);
      return repo.updateRecentItems(principal.userId, kind, (list) =>
        addRecentItem(list, item, now()),
      );
    },
  };
}
export type RecentService = ReturnType<typeof createRecentService>;
