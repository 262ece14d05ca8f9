import { DIAGNOSTICS_MESSAGES, antennaSerialSchema, diagnosticPathSchema } from '@aerie/contract';
import { antennaSerialOf, isBundleFileName } from './bundle-name';
import type { DiagnosticDownloadSearch } from './download-search';

const M = DIAGNOSTICS_MESSAGES.download;

export type DownloadTarget =
  { ok: true; antennaSerial: string; path: string } | { ok: false; message: string };

/**
 * What the download page fetches, or why it cannot (spec 001 §2 "Diagnostic download page"):
 * 'Antenna Serial not found.' without a serial, 'Invalid path.' unless the path is the serial, a
 * slash and a file name, 'Invalid file name.' unless that name is a bundle's of the serial.
 */
export function downloadTarget(search: DiagnosticDownloadSearch): DownloadTarget {
  const antennaSerial = search.antennaSerial?.trim() ?? '';
  if (!antennaSerialSchema.safeParse(antennaSerial).success) {
    return { ok: false, message: M.noSerial };
  }
  const path = search.path?.trim() ?? '';
  const slash = path.indexOf('/');
  if (
    !diagnosticPathSchema.safeParse(path).success ||
    slash < 0 ||
    path.slice(0, slash) !== antennaSerial ||
    path.includes('/', slash + 1) ||
    path.includes('\\')
  ) {
    return { ok: false, message: M.invalidPath };
  }
  const fileName = path.slice(slash + 1);
  if (!isBundleFileName(fileName) || antennaSerialOf(fileName) !== antennaSerial) {
    return { ok: false, message: M.invalidFileName };
  }
  return { ok: true, antennaSerial, path };
}
