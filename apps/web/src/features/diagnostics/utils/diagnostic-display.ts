/**
 * A diagnostic file's date, `yyyy-MM-dd HH:mm:ss` in UTC (spec 001 §9): the time in its name is
 * the antenna's clock, read as UTC.
 */
export function formatDiagnosticDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The serial of a device's Antenna component: its diagnostic files are filed under it. */
export function deviceAntennaSerial(
  components: readonly { type: string; serial: string | null }[],
): string | null {
  const serial = components.find((component) => component.type === 'Antenna')?.serial;
  return serial?.trim() ? serial.trim() : null;
}
