/** The users feature's public surface for other features (CONVENTIONS §2). */
export { meQueryKey, useMe } from './api/get-me';
export { useUpdateSettings } from './api/update-settings';
