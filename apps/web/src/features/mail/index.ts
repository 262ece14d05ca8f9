/** The mail feature's public surface (CONVENTIONS §2): its page is declared in pages.ts. */
export { mailMessages } from './messages';
