import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@aerie/contract';
import { writeDemoPdf } from '../../demo/demo-pdf.js';
import { capUtf8, cleanText, extractPdfText } from './pdf-text.js';
import { contentTypeOf, opensInline } from './content-types.js';

const pdf = (paragraphs: string[]) =>
  writeDemoPdf({
    title: 'Fixture',
    subtitle: 'Text extraction',
    reference: 'Part 000-00000-000',
    author: 'Tests',
    keywords: [],
    date: new Date('2026-01-01T00:00:00Z'),
    sections: [{ heading: 'Body', paragraphs }],
  });

describe('extractPdfText', () => {
  it('reads the text of every page of a real PDF', async () => {
    const long = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i} mentions the radome gasket.`,
    );
    const result = await extractPdfText(
      await pdf([...long, 'The last words are wombat sprocket.']),
      1e6,
    );
    expect(result.pages).toBeGreaterThan(2);
    expect(result.truncated).toBe(false);
    expect(result.text).toContain('Paragraph 0 mentions the radome gasket.');
    expect(result.text).toContain('wombat sprocket');
  });

  it('stops at the cap, cut at a word, and says so', async () => {
    const long = Array.from(
      { length: 300 },
      (_, i) => `Paragraph ${i} mentions the radome gasket.`,
    );
    const result = await extractPdfText(await pdf(long), 2_000);
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(2_000);
    expect(result.text).not.toContain('Paragraph 299');
  });

  it('throws for bytes that are not a PDF', async () => {
    await expect(extractPdfText(Buffer.from('%PDF-1.7 not really'), 1_000)).rejects.toThrow();
  });
});

describe('cleanText and capUtf8', () => {
  it('drops the highlight marks, control characters and runs of blanks', () => {
    expect(cleanText(`  a${HIGHLIGHT_START}b${HIGHLIGHT_END}\u0000c \t d\n\n  e  `)).toBe(
      'a b c d\ne',
    );
  });

  it('cuts at a word and never splits a character', () => {
    expect(capUtf8('hello world', 100)).toEqual({ text: 'hello world', truncated: false });
    expect(capUtf8('hello wonderful world', 12)).toEqual({ text: 'hello', truncated: true });
    const cut = capUtf8('ééééé ééééé', 9);
    expect(cut.truncated).toBe(true);
    expect(cut.text).not.toContain('\uFFFD');
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(9);
  });
});

describe('content types', () => {
  it('types files by extension, serving unknown and active types as downloads', () => {
    expect(contentTypeOf('Guide.PDF')).toBe('application/pdf');
    expect(contentTypeOf('hawk-u8-firmware-5.3.0.swu')).toBe('application/octet-stream');
    expect(contentTypeOf('page.html')).toBe('application/octet-stream');
    expect(contentTypeOf('logo.svg')).toBe('application/octet-stream');
    expect(opensInline('application/pdf')).toBe(true);
    expect(opensInline('text/plain; charset=utf-8')).toBe(false);
  });
});
