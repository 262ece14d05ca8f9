/**
 * LIKE patterns from user text that match it literally: `%`, `_` and `\` are escaped (the
 * default escape character of LIKE and ILIKE is the backslash).
 */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `ilike` pattern: the text anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `ilike` pattern: values that start with the text. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
