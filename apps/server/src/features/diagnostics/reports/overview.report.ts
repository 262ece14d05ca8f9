/** The Overview report (spec 001 §2 "Overview report", §3 "Diagnostic overview"). */
import type { DiagnosticOverview, DiagnosticTextFile } from '@aerie/contract';
import { OVERVIEW_ENTRIES } from '@aerie/kdp';
import {
  decodeText,
  isoTime,
  readCapped,
  type AssetDevice,
  type BundleContents,
} from './bundle-contents.js';
import { compareWithAsset } from './overview.comparison.js';
import {
  enabledFeatures,
  firstLine,
  parseEntitlements,
  parseSerialNumbers,
} from './overview.parse.js';

/**
 * The most of an overview file that is read (decision 039). Larger files are listed without
 * content and not interpreted: the real ones are a few hundred bytes.
 */
export const TEXT_FILE_MAX_BYTES = 64 * 1024;

/** The files in the order the report lists them: Serial and version first (spec 001 §3). */
const FILES = [
  OVERVIEW_ENTRIES.serial,
  OVERVIEW_ENTRIES.version,
  OVERVIEW_ENTRIES.serialNumbers,
  OVERVIEW_ENTRIES.entitlements,
  OVERVIEW_ENTRIES.entitlementsKap,
  OVERVIEW_ENTRIES.componentInventoryKap,
] as const;

type OverviewPath = (typeof FILES)[number];

/** One overview file: name, time and size when present, text when small UTF-8 without NUL. */
async function readTextFile(contents: BundleContents, path: string): Promise<DiagnosticTextFile> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const { stat, bytes } = await readCapped(contents, path, TEXT_FILE_MAX_BYTES);
  return {
    name,
    timestamp: stat === null ? null : isoTime(stat.mtime),
    size: stat === null ? null : stat.size,
    content: bytes === null ? null : decodeText(bytes),
  };
}

/**
 * The Overview of a bundle. Entitlements come from the readable `overview/entitlements` only:
 * `EntitlementsKap` and `ComponentInventoryKap` are the antenna's records, shown as text and not
 * interpreted (docs/formats/kdp.md, "Overview"). Throws only when `contents` does.
 */
export async function buildOverview(
  contents: BundleContents,
  file: { fileName: string; antennaSerial: string },
  asset: AssetDevice | null,
): Promise<DiagnosticOverview> {
  const files = await Promise.all(FILES.map((path) => readTextFile(contents, path)));
  const text = (path: OverviewPath): string | null => files[FILES.indexOf(path)]?.content ?? null;

  const serialNumbersText = text(OVERVIEW_ENTRIES.serialNumbers);
  const componentInventory =
    serialNumbersText === null ? [] : parseSerialNumbers(serialNumbersText);
  const entitlementsText = text(OVERVIEW_ENTRIES.entitlements);
  const entitlements = entitlementsText === null ? null : parseEntitlements(entitlementsText);

  const serialText = text(OVERVIEW_ENTRIES.serial);
  const versionText = text(OVERVIEW_ENTRIES.version);
  const comparison = compareWithAsset(
    {
      antennaSerial:
        (serialText === null ? null : firstLine(serialText)) ??
        componentInventory.find((c) => c.name === 'antenna')?.value ??
        null,
      softwareVersion: versionText === null ? null : firstLine(versionText),
      componentInventory,
      enabledFeatures: entitlements === null ? null : enabledFeatures(entitlements),
    },
    asset,
  );

  return {
    fileName: file.fileName,
    antennaSerial: file.antennaSerial,
    entitlements: entitlements ?? [],
    componentInventory,
    files,
    comparison,
  };
}
