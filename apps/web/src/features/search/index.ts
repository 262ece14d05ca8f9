/** Global search's public surface (CONVENTIONS §2): the top bar's box. */
export { GlobalSearch } from './components/global-search';
