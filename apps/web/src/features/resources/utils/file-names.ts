/**
 * How the document browser names files and folders (spec 002 "Topic page"): part-numbered
 * files by their title and part number, long names cut.
 */

/** Spec 002: folder names are cut to 75 characters, file names to 90, breadcrumbs to 25. */
export const TRUNCATE = { folder: 75, file: 90, breadcrumb: 25 } as const;

// NNN-NNNNN-NNN-revX (the revision a letter or more, or digits), with an optional extension.
const PART_NUMBER = /^(\d{3}-\d{5}-\d{3}-rev[A-Za-z0-9]+)(?:\.[A-Za-z0-9]+)?$/;

/** The part number a file name is (NNN-NNNNN-NNN-revX, any extension), or null. */
export function partNumberOf(fileName: string): string | null {
  return PART_NUMBER.exec(fileName)?.[1] ?? null;
}

/**
 * The Title column's text: a part-numbered file as "{title} ({part number})" (its title alone
 * is the part number when it has none of its own), any other file by its name.
 */
export function displayTitle(file: { fileName: string; title: string }): string {
  const part = partNumberOf(file.fileName);
  if (part === null) return file.fileName;
  const title = file.title.trim();
  return title === '' || title === part ? part : `${title} (${part})`;
}

/** `text` cut to `max` characters, the last being an ellipsis when it was cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The kind a file's type column shows: its extension in capitals ("PDF", "SWU"), or "File". */
export function fileKind(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toUpperCase() : 'File';
}

export function isPdf(file: { contentType: string }): boolean {
  return file.contentType === 'application/pdf';
}
