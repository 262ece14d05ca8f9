import { z } from 'zod';

/** A software version as terminals report it: dotted numbers, e.g. "5.1.1" (at most 4 parts). */
export const SOFTWARE_VERSION_PATTERN = /^\d{1,6}(\.\d{1,6}){0,3}$/;

export const softwareVersionTextSchema = z
  .string()
  .trim()
  .max(32, 'The version is too long.')
  .regex(SOFTWARE_VERSION_PATTERN, 'The version must be dotted numbers, e.g. 5.1.1.');

/**
 * Orders versions by their dotted parts as numbers ("4.10.0" is newer than "4.9.3"); a missing
 * part counts as 0, so "5.1" equals "5.1.0". Negative when `a` is older than `b`. A suffix of a
 * part ("5.2.0-rc1" from a release catalogue) is ignored.
 */
export function compareSoftwareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function versionParts(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * The releases a device on `currentVersion` can update to: the catalogue's versions newer
 * than it, oldest first. A device that never checked in (no version) has none (spec 001 §5).
 * `GET /v3/info/softwareVersions` and the `updateSoftware` command share this rule.
 */
export function availableSoftwareUpdates<T extends { version: string }>(
  catalogue: readonly T[],
  currentVersion: string | null | undefined,
): T[] {
  if (!currentVersion) return [];
  return catalogue
    .filter((v) => compareSoftwareVersions(v.version, currentVersion) > 0)
    .sort((a, b) => compareSoftwareVersions(a.version, b.version));
}
