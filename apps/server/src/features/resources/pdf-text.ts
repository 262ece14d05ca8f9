import { HIGHLIGHT_END, HIGHLIGHT_START } from '@aerie/contract';

/** What a PDF gave: its text (at most the cap) and whether it was cut. */
export interface PdfText {
  text: string;
  truncated: boolean;
  pages: number;
}

// The characters that mark highlights never come from a document (decision 040), nor does
// anything PostgreSQL cannot store or show in a fragment (NUL and the other C0 controls).

const UNWANTED = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f${HIGHLIGHT_START}${HIGHLIGHT_END}\\ue002]`,
  'g',
);

/** A text as the library keeps it: without the highlight marks, control characters or runs of blanks. */
export function cleanText(text: string): string {
  return text
    .replace(UNWANTED, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** The longest start of `text` whose UTF-8 form has at most `maxBytes` bytes, cut at a word. */
export function capUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (Buffer.byteLength(text) <= maxBytes) return { text, truncated: false };
  let cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  // A character split by the cut decodes as U+FFFD: drop it, then the partial word.
  cut = cut.replace(/\uFFFD$/, '');
  const space = cut.search(/\s\S*$/);
  return { text: space > 0 ? cut.slice(0, space) : cut, truncated: true };
}

/**
 * The text of a PDF (ARCHITECTURE §2: unpdf, the serverless build of PDF.js), read page by page
 * until `maxBytes` of text are gathered: a long manual costs the pages it takes to fill the cap,
 * and each page is awaited, so the event loop runs between pages. Throws for bytes that are not
 * a PDF PDF.js can open (the caller stores the file without text).
 */
export async function extractPdfText(bytes: Uint8Array, maxBytes: number): Promise<PdfText> {
  const { getDocumentProxy } = await import('unpdf');
  // PDF.js takes the buffer over: give it a copy so the caller's stays usable.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    // Errors only: PDF.js warns about every standard font it has no data for, which text
    // extraction does not need.
    verbosity: 0,
  });
  try {
    const parts: string[] = [];
    let size = 0;
    let n = 1;
    for (; n <= pdf.numPages && size <= maxBytes; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str + (item.hasEOL ? '\n' : ' ');
      }
      page.cleanup();
      const text = cleanText(line);
      if (text) {
        parts.push(text);
        size += Buffer.byteLength(text) + 2;
      }
    }
    const capped = capUtf8(parts.join('\n\n'), maxBytes);
    return {
      text: capped.text,
      truncated: capped.truncated || n <= pdf.numPages,
      pages: pdf.numPages,
    };
  } finally {
    await pdf.destroy();
  }
}
