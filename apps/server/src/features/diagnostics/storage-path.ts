import { antennaSerialSchema } from '@aerie/contract';
import { isKdpError, parseBundleName } from '@aerie/kdp';

/** A stored bundle's place: `{antennaSerial}/{fileName}`. */
export interface StoragePath {
  antennaSerial: string;
  fileName: string;
}

/**
 * Reads a download or report path (already URL-decoded once by the query parser). Only the exact
 * form `{serial}/{bundle name}` is accepted, the name's serial being the folder's (and `serial`
 * when given); null for anything else: dot segments, absolute paths, backslashes, a `%` left
 * over from double encoding, control characters, more or fewer segments, another serial.
 */
export function parseStoragePath(path: string, serial?: string): StoragePath | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f%\\]/.test(path)) return null;
  const segments = path.split('/');
  if (segments.length !== 2) return null;
  const [antennaSerial, fileName] = segments as [string, string];
  if (!antennaSerialSchema.safeParse(antennaSerial).success) return null;
  if (serial !== undefined && antennaSerial !== serial) return null;
  try {
    if (parseBundleName(fileName).antennaSerial !== antennaSerial) return null;
  } catch (error) {
    if (isKdpError(error)) return null;
    throw error;
  }
  return { antennaSerial, fileName };
}

/** The blob key of a bundle as uploaded. */
export const bundleKey = (p: StoragePath): string => `diagnostics/${p.antennaSerial}/${p.fileName}`;

/** The blob prefix of a bundle's published contents. */
export const contentPrefix = (fileId: string): string => `diagnostics-content/${fileId}`;

/**
 * A diagnostic file's `uri` (spec 001 §3): the container is the storage host and the storage
 * path, `{serial}/{fileName}`, is what follows it.
 */
export const storageUri = (p: StoragePath): string =>
  `storage://diagnostics/${p.antennaSerial}/${p.fileName}`;
