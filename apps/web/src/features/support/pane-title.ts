/**
 * The support pane's title, for the shell's pane host. NOTE: its own module, without the
 * contract: the pane's messages import the ticket schema's texts, which would put the ticket
 * schemas in every page's first chunk (2.4 KB gzipped).
 */
export const SUPPORT_PANE_TITLE = 'Support';
