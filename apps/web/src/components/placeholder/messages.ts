/** User-visible strings of the placeholder pages (spec 000; kept verbatim). */
export const placeholderMessages = {
  comingSoon: 'This page is coming soon.',
} as const;
