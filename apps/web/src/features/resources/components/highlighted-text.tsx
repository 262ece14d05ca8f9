import { highlightSegments } from '../utils/highlights';

export interface HighlightedTextProps {
  /** A highlight of the search, its matches between the contract's marks. */
  highlight: string;
}

/** A highlight as text with each match in a <mark> (never as markup from the server). */
export function HighlightedText({ highlight }: HighlightedTextProps) {
  return (
    <>
      {highlightSegments(highlight).map((segment, i) =>
        segment.marked ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
      )}
    </>
  );
}
