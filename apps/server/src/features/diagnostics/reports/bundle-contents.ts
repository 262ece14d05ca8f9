/**
 * How the report builders see a published bundle: a file's size and time, and its bytes up to a
 * cap. The diagnostics feature implements it over its stored contents; tests over a map.
 */

export interface BundleContents {
  /** The entry's size and time, or null when the bundle has no such file. */
  stat(path: string): Promise<{ size: number; mtime: Date } | null>;
  /** The entry's bytes when it exists and is at most maxBytes, else null. */
  read(path: string, maxBytes: number): Promise<Buffer | null>;
}

/** The portal's record of the device whose antenna carries the bundle's serial. */
export interface AssetDevice {
  serial: string | null;
  softwareVersion: string | null;
  features: string[];
  components: { type: string; serial: string | null }[];
}

export interface CappedEntry {
  /** Null: the bundle does not have the file. */
  stat: { size: number; mtime: Date } | null;
  /** Null: missing, larger than the cap, or gone between stat and read. */
  bytes: Buffer | null;
}

/** An entry's stat and, when it is at most maxBytes, its bytes; never reads past the cap. */
export async function readCapped(
  contents: BundleContents,
  path: string,
  maxBytes: number,
): Promise<CappedEntry> {
  const stat = await contents.stat(path);
  if (stat === null) return { stat: null, bytes: null };
  if (stat.size > maxBytes) return { stat, bytes: null };
  const bytes = await contents.read(path, maxBytes);
  // NOTE: a reader that hands back more than asked is not trusted with the cap.
  return { stat, bytes: bytes !== null && bytes.length <= maxBytes ? bytes : null };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text when they are valid UTF-8 without NUL (a leading BOM is dropped), else null. */
export function decodeText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** ISO 8601 of a time, or null for an invalid date (toISOString would throw). */
export function isoTime(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
