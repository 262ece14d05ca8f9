import { DIAGNOSTICS_MESSAGES } from '@aerie/contract';

/**
 * A diagnostic bundle's file name, `ANTENNASERIAL_yyyymmddhhMMss.kdp` (spec 001 §5), read the way
 * the server reads it (`parseBundleName` of packages/kdp, which the web app does not load).
 */

/** An antenna serial: letters, digits, dots and dashes, no underscore (the name's separator). */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;
const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.kdp$/i;

/** Texts of the name rule: the spec's for the serial, the server's for the rest. */
export const BUNDLE_NAME_MESSAGES = {
  serial: DIAGNOSTICS_MESSAGES.badFileName,
  extension: 'The file name must end with .kdp.',
  takenAt: 'Unable to interpret the date and time (yyyymmddhhMMss) from file name.',
} as const;

/** The last segment of a path (`SERIAL/name.kdp` -> `name.kdp`). */
function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/**
 * The antenna serial of a bundle's file name: the part before the first underscore (spec 001
 * §5); null when there is none, or it is not a serial.
 */
export function antennaSerialOf(fileName: string): string | null {
  const base = baseName(fileName);
  const underscore = base.indexOf('_');
  if (underscore < 0) return null;
  const serial = base.slice(0, underscore);
  return SERIAL.test(serial) ? serial : null;
}

/** Whether the stamp is a real moment (not 31 February or 25 o'clock). */
function isRealMoment(parts: readonly number[]): boolean {
  const [year, month, day, hour, minute, second] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second
  );
}

/** What is wrong with a bundle's file name, or null when it follows the format. */
export function bundleNameProblem(fileName: string): string | null {
  if (antennaSerialOf(fileName) === null) return BUNDLE_NAME_MESSAGES.serial;
  const base = baseName(fileName);
  const rest = base.slice(base.indexOf('_') + 1);
  if (!rest.toLowerCase().endsWith('.kdp')) return BUNDLE_NAME_MESSAGES.extension;
  const stamp = STAMP.exec(rest);
  if (!stamp || !isRealMoment(stamp.slice(1).map(Number))) return BUNDLE_NAME_MESSAGES.takenAt;
  return null;
}

/** Whether `fileName` is a bundle's name: `ANTENNASERIAL_yyyymmddhhMMss.kdp`. */
export function isBundleFileName(fileName: string): boolean {
  return bundleNameProblem(fileName) === null;
}
