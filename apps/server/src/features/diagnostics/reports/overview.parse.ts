/** Parsers of the overview's text files (docs/formats/kdp.md, "Overview"); none of them throws. */
import type { DiagnosticNameValue } from '@aerie/contract';
import { z } from 'zod';

/** By name, then value, in code-unit order (the same on every machine); stable for ties. */
export function byName(a: DiagnosticNameValue, b: DiagnosticNameValue): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  return 0;
}

/**
 * `overview/serial_numbers`: one `name=value` a line, trimmed, sorted by name. Blank lines,
 * `#` comments and lines without a name or a value are skipped. A name given twice is kept twice:
 * the table shows what the antenna wrote.
 */
export function parseSerialNumbers(text: string): DiagnosticNameValue[] {
  const rows: DiagnosticNameValue[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const name = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (name === '' || value === '') continue;
    rows.push({ name, value });
  }
  return rows.sort(byName);
}

const entitlementsFileSchema = z.object({ features: z.record(z.string(), z.unknown()) });

/**
 * `overview/entitlements`: `{ "features": { "AES256": "enabled", … } }` as rows sorted by name,
 * or null when the text is not JSON of that shape. A feature whose state is not a string, number
 * or boolean is skipped rather than failing the whole file.
 */
export function parseEntitlements(text: string): DiagnosticNameValue[] | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = entitlementsFileSchema.safeParse(json);
  if (!parsed.success) return null;
  const rows: DiagnosticNameValue[] = [];
  for (const [name, state] of Object.entries(parsed.data.features)) {
    if (typeof state === 'string' || typeof state === 'number' || typeof state === 'boolean') {
      rows.push({ name, value: String(state) });
    }
  }
  return rows.sort(byName);
}

/** The enabled features' codes of entitlement rows, sorted. */
export function enabledFeatures(entitlements: readonly DiagnosticNameValue[]): string[] {
  return entitlements
    .filter((row) => row.value.trim().toLowerCase() === 'enabled')
    .map((row) => row.name)
    .sort();
}

/** The first non-blank line, trimmed (`overview/Serial`, `overview/version`), or null. */
export function firstLine(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return null;
}
