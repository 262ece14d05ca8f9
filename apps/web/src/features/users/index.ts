/** The users feature's public surface for other features (CONVENTIONS §2). */
export { useMe } from './api/get-me';
