import { HIGHLIGHT_END, HIGHLIGHT_START } from '@aerie/contract';

/** A piece of a highlight: text, marked when it is a match. */
export interface HighlightSegment {
  text: string;
  marked: boolean;
}

/**
 * A highlight of the document search split at its marks (U+E000 … U+E001, decision 040): the
 * text is shown as text, each match in a mark, never as markup. An unclosed mark runs to the end;
 * stray closing marks are dropped.
 */
export function highlightSegments(highlight: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (text) segments.push({ text, marked });
    text = '';
  };
  for (const char of highlight) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_END) {
      flush();
      marked = char === HIGHLIGHT_START;
    } else text += char;
  }
  flush();
  return segments;
}

/** A tags highlight split into its tags (spec 002: "tag highlights (comma-split)"). */
export function highlightTags(highlight: string): string[] {
  return highlight
    .split(',')
    .map((tag) => tag.trim())
    .filter(
      (tag) => tag.replace(new RegExp(`[${HIGHLIGHT_START}${HIGHLIGHT_END}]`, 'g'), '') !== '',
    );
}
