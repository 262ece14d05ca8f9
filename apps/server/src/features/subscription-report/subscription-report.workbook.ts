import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportCells, ReportColumn } from './subscription-report.presenter.js';

/** A workbook of one sheet whose rows arrive in batches. */
export interface WorkbookContent {
  /** The workbook's author (the brand). */
  creator: string;
  sheetName: string;
  columns: readonly ReportColumn[];
  batches: AsyncIterable<readonly ReportCells[]>;
}

/** The reader went away before the workbook was complete. */
export class ReaderGoneError extends Error {
  constructor() {
    super('The download was closed before the workbook was complete.');
  }
}

/**
 * Bytes the writer may hold before the next batch waits. NOTE: exceljs's streaming writer hands
 * rows on without backpressure: the sheet's XML waits for zlib in a pipe, and archiver keeps the
 * compressed bytes the reader has not taken in its own buffer. Without this wait a slow reader
 * (or zlib falling behind the database) lets the whole report pile up in memory.
 */
export const MAX_UNREAD_BYTES = 1 << 20;

/** How long one wait for zlib or the reader lasts before the backlog is looked at again. */
const BACKLOG_POLL_MS = 10;

interface StreamState {
  length?: number;
}
interface LegacyStream {
  _readableState?: StreamState;
  _writableState?: StreamState;
}

/**
 * What the workbook holds that the reader has not taken: the sheet's XML not yet compressed
 * (exceljs's pipe into archiver) and the compressed bytes in archiver's buffer. Both are
 * properties exceljs 4.4 and archiver 5 do not type; a missing one counts as empty.
 */
function backlogOf(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
): () => number {
  const zip = (workbook as unknown as { zip?: Readable }).zip;
  const sheetStream = (sheet as unknown as { stream?: { pipes?: LegacyStream[] } }).stream;
  return () => {
    const pipe = sheetStream?.pipes?.[0];
    const xml = (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
    const compressed = typeof zip?.readableLength === 'number' ? zip.readableLength : 0;
    return xml + compressed;
  };
}

/** Resolves once the output drained or closed, or after a short while. */
function progress(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, BACKLOG_POLL_MS);
    output.once('drain', done);
    output.once('close', done);
  });
}

/** Lets zlib and the reader run, then waits until the backlog is under the limit. */
async function keepPace(backlog: () => number, output: Writable): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (backlog() > MAX_UNREAD_BYTES && !output.destroyed) await progress(output);
  if (output.destroyed) throw new ReaderGoneError();
}

/**
 * Writes an xlsx workbook to `output` as its rows arrive (exceljs's streaming writer): the
 * header row bold, frozen and filterable, each column's width and number format. A batch is
 * written only once the reader has nearly caught up, so memory stays flat whatever the size.
 * Rejects with {@link ReaderGoneError} when `output` is destroyed (the client left).
 */
export async function writeWorkbook(output: Writable, content: WorkbookContent): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = content.creator;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(content.sheetName, {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  // NOTE: one style object per column, given to every cell: exceljs caches a style's id by the
  // object, and the fresh copy it makes for each cell cost half the writing time (measured).
  const styles: Partial<ExcelJS.Style>[] = content.columns.map((c) =>
    c.numFmt ? { numFmt: c.numFmt } : {},
  );
  sheet.columns = content.columns.map((c, i) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: styles[i]!,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: content.columns.length },
  };
  header.commit();

  const backlog = backlogOf(workbook, sheet);
  for await (const batch of content.batches) {
    for (const cells of batch) {
      const row = sheet.addRow(cells);
      styles.forEach((style, i) => {
        row.getCell(i + 1).style = style;
      });
      row.commit();
    }
    await keepPace(backlog, output);
  }
  sheet.commit();
  // NOTE: exceljs waits for the output's 'finish', which a destroyed output never emits.
  await Promise.race([workbook.commit(), closedEarly(output)]);
}

/** Rejects with {@link ReaderGoneError} if `output` closes before it finished. */
function closedEarly(output: Writable): Promise<never> {
  return new Promise((_resolve, reject) => {
    const onClose = () => {
      if (!output.writableFinished) reject(new ReaderGoneError());
    };
    if (output.destroyed) onClose();
    else output.once('close', onClose);
  });
}
