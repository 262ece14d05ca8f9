import { DIAGNOSTICS_LIMITS as L, DIAGNOSTICS_MESSAGES as D } from '@aerie/contract';
import { antennaSerialOf, bundleNameProblem } from './bundle-name';

/**
 * Why the device page cannot send this file, checked before a byte is sent (spec 001 §5): a
 * file is required, at most 500MB (5e8 bytes), named ANTENNASERIAL_yyyymmddhhMMss.kdp after
 * this device's antenna. Null when it may go.
 */
export function deviceUploadProblem(file: File | null, deviceSerial: string): string | null {
  if (!file) return D.fileRequired;
  if (file.size > L.maxFileBytes) return D.tooLarge;
  const nameProblem = bundleNameProblem(file.name);
  if (nameProblem) return nameProblem;
  const fromName = antennaSerialOf(file.name) ?? '';
  // The server refuses it too (the same words), but only after the whole file was sent.
  if (fromName !== deviceSerial) return D.serialMismatch(fromName, deviceSerial);
  return null;
}
