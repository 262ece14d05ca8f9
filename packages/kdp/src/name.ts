/**
 * A bundle's file name, `ANTENNASERIAL_yyyymmddhhMMss.kdp`: the antenna it comes from and when
 * it was taken (UTC). The portal files an upload under the antenna named here.
 */
import { KdpError } from './errors.js';

export const BUNDLE_EXTENSION = '.kdp';

export const BUNDLE_NAME_MESSAGES = {
  serial: 'Unable to interpret Antenna Serial from file name.',
  takenAt: 'Unable to interpret the date and time (yyyymmddhhMMss) from file name.',
  extension: 'The file name must end with .kdp.',
} as const;

/** An antenna serial: no underscore (the name's separator), as in the options file. */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;

export interface BundleName {
  antennaSerial: string;
  /** When the bundle was taken, from the name (UTC, whole seconds). */
  takenAt: Date;
}

/**
 * Reads `name` (a path is allowed: only its last segment counts). The antenna serial is the part
 * before the first underscore; throws KdpError 'bad-name' with one of BUNDLE_NAME_MESSAGES.
 */
export function parseBundleName(name: string): BundleName {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const underscore = base.indexOf('_');
  const antennaSerial = underscore < 0 ? '' : base.slice(0, underscore);
  if (!SERIAL.test(antennaSerial)) throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.serial);
  const rest = base.slice(underscore + 1);
  if (!rest.toLowerCase().endsWith(BUNDLE_EXTENSION)) {
    throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.extension);
  }
  const stamp = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(
    rest.slice(0, -BUNDLE_EXTENSION.length),
  );
  if (stamp === null) throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.takenAt);
  const [year, month, day, hour, minute, second] = stamp.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const takenAt = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 February over into March: a date that does not come back is not one.
  const same =
    takenAt.getUTCFullYear() === year &&
    takenAt.getUTCMonth() === month - 1 &&
    takenAt.getUTCDate() === day &&
    takenAt.getUTCHours() === hour &&
    takenAt.getUTCMinutes() === minute &&
    takenAt.getUTCSeconds() === second;
  if (!same) throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.takenAt);
  return { antennaSerial, takenAt };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `SERIAL_yyyymmddhhMMss.kdp` for a bundle of `antennaSerial` taken at `takenAt` (UTC). */
export function bundleName(antennaSerial: string, takenAt: Date): string {
  if (!SERIAL.test(antennaSerial)) throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.serial);
  const year = takenAt.getUTCFullYear();
  if (Number.isNaN(takenAt.getTime()) || year < 1000 || year > 9999) {
    throw new KdpError('bad-name', BUNDLE_NAME_MESSAGES.takenAt);
  }
  const stamp =
    String(year).padStart(4, '0') +
    two(takenAt.getUTCMonth() + 1) +
    two(takenAt.getUTCDate()) +
    two(takenAt.getUTCHours()) +
    two(takenAt.getUTCMinutes()) +
    two(takenAt.getUTCSeconds());
  return `${antennaSerial}_${stamp}${BUNDLE_EXTENSION}`;
}
