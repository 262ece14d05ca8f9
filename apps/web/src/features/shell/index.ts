/** The shell feature's public surface for other features (CONVENTIONS §2). */
export { useAccounts } from './api/get-accounts';
export { useAddRecentItem } from './api/recent-items';
