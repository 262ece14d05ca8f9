import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** A section of a demo document: a heading and its paragraphs (or bullet lines, `- ` first). */
export interface PdfSection {
  heading: string;
  paragraphs: readonly string[];
}

/** What a demo PDF says: its title, a line under it, and its sections. */
export interface PdfContent {
  title: string;
  subtitle: string;
  /** Shown on the cover and in each footer (a part number and revision, or a date). */
  reference: string;
  author: string;
  keywords: readonly string[];
  sections: readonly PdfSection[];
  /** Fixed dates make the same content give the same bytes. */
  date: Date;
}

const PAGE = { width: 612, height: 792 } as const; // US Letter, points
const MARGIN = 64;
const BODY_SIZE = 10.5;
const LEADING = 15;
const INK = rgb(0.13, 0.16, 0.22);
const ACCENT = rgb(0.05, 0.33, 0.55);

/** Splits a paragraph into lines that fit `width` in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A real, multi-page PDF of the demo library (pdf-lib, standard fonts, text that PDF.js and
 * every viewer read): a cover block, numbered sections with wrapped paragraphs and bullets, a
 * running footer. The same content always gives the same bytes (fixed dates, no random id).
 */
export async function writeDemoPdf(content: PdfContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(content.title);
  doc.setSubject(content.subtitle);
  doc.setAuthor(content.author);
  doc.setKeywords([...content.keywords]);
  doc.setProducer('Aerie document library');
  doc.setCreator('Aerie');
  doc.setCreationDate(content.date);
  doc.setModificationDate(content.date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN + 24) newPage();
  };

  // The cover block.
  page.drawRectangle({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8, color: ACCENT });
  for (const line of wrap(content.title, bold, 22, width)) {
    page.drawText(line, { x: MARGIN, y: y - 22, size: 22, font: bold, color: INK });
    y -= 30;
  }
  for (const line of wrap(content.subtitle, regular, 13, width)) {
    page.drawText(line, { x: MARGIN, y: y - 8, size: 13, font: regular, color: ACCENT });
    y -= 18;
  }
  page.drawText(content.reference, { x: MARGIN, y: y - 10, size: 9, font: regular, color: INK });
  y -= 36;

  content.sections.forEach((section, i) => {
    room(LEADING * 4);
    page.drawText(`${i + 1}. ${section.heading}`, {
      x: MARGIN,
      y,
      size: 13,
      font: bold,
      color: ACCENT,
    });
    y -= LEADING * 1.5;
    for (const paragraph of section.paragraphs) {
      const bullet = paragraph.startsWith('- ');
      const indent = bullet ? 14 : 0;
      const lines = wrap(
        bullet ? paragraph.slice(2) : paragraph,
        regular,
        BODY_SIZE,
        width - indent,
      );
      lines.forEach((line, n) => {
        room(LEADING);
        if (bullet && n === 0) {
          page.drawText('-', { x: MARGIN + 4, y, size: BODY_SIZE, font: regular, color: INK });
        }
        page.drawText(line, { x: MARGIN + indent, y, size: BODY_SIZE, font: regular, color: INK });
        y -= LEADING;
      });
      y -= LEADING * 0.5;
    }
    y -= LEADING * 0.5;
  });

  const pages = doc.getPages();
  pages.forEach((p, n) => {
    p.drawText(`${content.title}  |  ${content.reference}  |  Page ${n + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.35, 0.38, 0.45),
    });
  });
  return doc.save({ useObjectStreams: false });
}
