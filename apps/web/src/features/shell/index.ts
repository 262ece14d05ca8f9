/** The shell feature's public surface for other features (CONVENTIONS §2). */
export { useAddRecentItem } from './api/recent-items';
