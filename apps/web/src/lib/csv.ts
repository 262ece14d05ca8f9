/** CSV text (RFC 4180): comma-separated, CRLF line ends, fields quoted when they need it. */

/** Leading characters a spreadsheet would read as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: quoted when it holds a comma, a quote or a line break (quotes doubled), and
 * prefixed with an apostrophe when a spreadsheet would run it as a formula.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // NOTE: numbers and booleans are ours, never formulas; only text from users is neutralised.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header line and one line per row, CRLF after each line. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** Offers text as a file download (UTF-8 with a byte order mark, which spreadsheets need). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv'): void {
  saveFile(fileName, new Blob(['\uFEFF', text], { type: `${type};charset=utf-8` }));
}

/** Offers a blob as a file download under `fileName`. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // NOTE: revoke on the next task: Chromium reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
