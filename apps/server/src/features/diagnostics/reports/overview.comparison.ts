/**
 * The overview's summary: what the bundle says against the asset system (the portal's record of
 * the device), spec 001 §2 "The summary compares values from the diagnostic with those from the
 * asset system".
 */
import type { DiagnosticComparison, DiagnosticNameValue } from '@aerie/contract';
import type { AssetDevice } from './bundle-contents.js';
import { REPORT_MESSAGES } from './reports.messages.js';

/**
 * `serial_numbers` names (as the antenna writes them, docs/formats/kdp.md) and the portal's
 * component type each one is: the modem of a GEO terminal is its `GeoModem`. `acu` and `asm`
 * (control unit and steering module) are parts of the antenna the portal does not track, so
 * they are shown in the inventory but not compared. `antenna` is not here: the antenna serial is
 * compared once, in its own row (see `antennaSerial`).
 */
export const SERIAL_NUMBER_COMPONENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['modem', 'GeoModem'],
  ['buc', 'BUC'],
  ['lnb', 'LNB'],
]);

/** What the bundle says, as far as it is compared. */
export interface BundleFacts {
  /** `overview/Serial`, else `serial_numbers`' antenna; null when neither says. */
  antennaSerial: string | null;
  /** `overview/version`. */
  softwareVersion: string | null;
  /** `serial_numbers`, sorted by name. */
  componentInventory: readonly DiagnosticNameValue[];
  /** The enabled features of `overview/entitlements`; null when the bundle has no readable one. */
  enabledFeatures: readonly string[] | null;
}

const F = REPORT_MESSAGES.comparisonField;

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function row(field: string, diagnostic: string | null, asset: string | null): DiagnosticComparison {
  const d = clean(diagnostic);
  const a = clean(asset);
  // NOTE: case-sensitive: serials and versions are identifiers, not prose.
  return { field, diagnostic: d, asset: a, differs: d !== null && a !== null && d !== a };
}

/**
 * The serial of the asset's component of a type. With several of one type (rare), the one equal
 * to the bundle's value when there is one, else the first that has a serial.
 */
function assetSerial(asset: AssetDevice, type: string, diagnostic: string | null): string | null {
  const serials = asset.components
    .filter((c) => c.type === type)
    .map((c) => clean(c.serial))
    .filter((s): s is string => s !== null);
  const wanted = clean(diagnostic);
  return serials.find((s) => s === wanted) ?? serials[0] ?? null;
}

/** A feature set as one comparable value: sorted, without repeats, comma-separated. */
function featureList(codes: readonly string[]): string {
  return [...new Set(codes.map((c) => c.trim()).filter((c) => c !== ''))].sort().join(', ');
}

/**
 * One row each for the antenna serial, the software version, every `serial_numbers` component
 * whose type the asset has, and the enabled features; empty without an asset. `differs` only
 * when both sides are known and differ.
 */
export function compareWithAsset(
  facts: BundleFacts,
  asset: AssetDevice | null,
): DiagnosticComparison[] {
  if (asset === null) return [];
  const rows = [
    row(F.antennaSerial, facts.antennaSerial, assetSerial(asset, 'Antenna', facts.antennaSerial)),
    row(F.softwareVersion, facts.softwareVersion, asset.softwareVersion),
  ];
  for (const { name, value } of facts.componentInventory) {
    const type = SERIAL_NUMBER_COMPONENT_TYPES.get(name);
    if (type === undefined || !asset.components.some((c) => c.type === type)) continue;
    rows.push(row(F.componentSerial(type), value, assetSerial(asset, type, value)));
  }
  // NOTE: an empty feature set compares as '' (not null), so "none enabled" against "some
  // enabled" still differs; null is kept for a bundle that does not say.
  const bundleFeatures = facts.enabledFeatures === null ? null : featureList(facts.enabledFeatures);
  rows.push({
    field: F.features,
    diagnostic: bundleFeatures,
    asset: featureList(asset.features),
    differs: bundleFeatures !== null && bundleFeatures !== featureList(asset.features),
  });
  return rows;
}
