/** The users feature's public surface for other features (CONVENTIONS §2). */
export { getMeQueryOptions, meQueryKey, useMe } from './api/get-me';
export { useUpdateSettings } from './api/update-settings';
export { UserPanel } from './components/user-panel';
export { usersMessages } from './messages';
