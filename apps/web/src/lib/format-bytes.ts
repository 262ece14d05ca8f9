const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/**
 * A byte count in decimal units, as the spec's numeral-style formats '0.0 b' (sizes) and
 * '0.00 b' (metric byte values) show it: `formatBytes(1_234_567)` is '1.2 MB',
 * `formatBytes(0)` is '0.0 B'.
 */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes)) return '';
  let unit = 0;
  let value = Math.abs(bytes);
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // 999.96 KB would round to '1000.0 KB': carry it to the next unit instead.
  if (Number(value.toFixed(decimals)) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const sign = bytes < 0 ? '-' : '';
  return `${sign}${value.toFixed(decimals)} ${BYTE_UNITS[unit]}`;
}
