/** The shell feature's public surface for other features (CONVENTIONS §2). */
export { getAccountsQueryOptions, useAccounts } from './api/get-accounts';
export { useAddRecentItem } from './api/recent-items';
export { useAddRecentResult, useRecentResults } from './api/recent-results';
export { useAddSearchHistory, useSearchHistory } from './api/search-history';
