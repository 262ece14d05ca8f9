/** User-visible strings of the shell's pages (spec 000 §2.1; kept verbatim). */
export const shellPageMessages = {
  reportsPlaceholder: 'Reports will be available here.',
} as const;
