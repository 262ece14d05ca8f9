/** A line's text in pieces, the marked ones where the search matched. */
export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * Cuts a line's text at its highlights ([start, end) in UTF-16 code units, ascending): the
 * pieces are rendered as text, the marked ones inside a <mark> (never as HTML).
 */
export function markPieces(
  text: string,
  highlights: readonly (readonly [number, number])[],
): TextPiece[] {
  const out: TextPiece[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    const s = Math.max(at, Math.min(start, text.length));
    const e = Math.max(s, Math.min(end, text.length));
    if (s > at) out.push({ text: text.slice(at, s), marked: false });
    if (e > s) out.push({ text: text.slice(s, e), marked: true });
    at = e;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), marked: false });
  return out;
}
