import ExcelJS from 'exceljs';

/** A cell as read back: text, number, date, or null for an empty cell. */
export type SheetValue = string | number | Date | boolean | null;

/** The first sheet of a workbook as read back by exceljs (a real parser); for tests. */
export interface ReadSheet {
  name: string;
  headers: string[];
  /** Every row below the header, keyed by its column's heading. */
  rows: Record<string, SheetValue>[];
  /** The header row's font is bold on every heading. */
  headerBold: boolean;
  /** The sheet's first view: frozen below the header when `ySplit` is 1. */
  view: { state?: string; ySplit?: number } | undefined;
  /** Column widths and number formats, by heading. */
  widths: Record<string, number | undefined>;
  numFmts: Record<string, string | undefined>;
  autoFilter: unknown;
  creator: string | undefined;
}

function plain(value: ExcelJS.CellValue): SheetValue {
  if (value === null || value === undefined) return null;
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
  ) {
    return value;
  }
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

/** Reads an xlsx file's first sheet. */
export async function readXlsx(bytes: Buffer | Uint8Array): Promise<ReadSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  for (let c = 1; c <= sheet.columnCount; c++) headers.push(headerRow.getCell(c).text);
  const rows: Record<string, SheetValue>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, plain(row.getCell(i + 1).value)])));
  }
  const widths: Record<string, number | undefined> = {};
  const numFmts: Record<string, string | undefined> = {};
  headers.forEach((h, i) => {
    widths[h] = sheet.getColumn(i + 1).width;
    numFmts[h] = sheet.rowCount > 1 ? sheet.getRow(2).getCell(i + 1).numFmt : undefined;
  });
  return {
    name: sheet.name,
    headers,
    rows,
    headerBold: headers.every((_h, i) => headerRow.getCell(i + 1).font?.bold === true),
    view: sheet.views[0] as ReadSheet['view'],
    widths,
    numFmts,
    autoFilter: sheet.autoFilter,
    creator: workbook.creator,
  };
}
