/** The API clients feature's public surface for other features (CONVENTIONS §2). */
export { ApiClientsTab } from './components/api-clients-tab';
