/** The most words of a term the top bar's document search looks for. */
const MAX_WORDS = 8;

/**
 * The top bar's document query (to_tsquery syntax): each word of the term as a prefix, all of
 * them required (`'hawk':* & 'instal':*` once stemmed), so a word being typed already finds its
 * documents. Only letters and digits make words, so the text needs no quoting beyond the
 * quotes it adds. Empty (no document matches by text) for a term without a word.
 */
export function prefixQuery(term: string): string {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, MAX_WORDS)
    .map((word) => `'${word}':*`)
    .join(' & ');
}
