/**
 * A count with en-US thousands separators ("12,345"), as `n.toLocaleString('en-US')` writes it.
 *
 * NOTE: without Intl for whole numbers: every `toLocaleString` call builds a number formatter,
 * and the first one loads the locale's data: 92 ms of a phone's first render of the device
 * list for its three counts (issue 13, total blocking time).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
