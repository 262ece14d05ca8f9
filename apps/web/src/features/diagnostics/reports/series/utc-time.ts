/** A moment in UTC as the diagnostic reports show it: "2026-11-22 11:58:02" (spec 001 §9). */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A date picker's value (`YYYY-MM-DD HH:mm:ss`, read as UTC) as ms, or NaN. */
export function parsePickerUtc(value: string | null): number {
  if (!value) return Number.NaN;
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`);
}

/** Ms as a date picker's value in UTC (`YYYY-MM-DD HH:mm:ss`). */
export function toPickerUtc(ms: number): string {
  return formatUtc(ms);
}
