/**
 * The time at the start of a log line, read from its bytes (no string is made): what the
 * antenna writes (docs/formats/kdp.md "Generator": ISO 8601 UTC with milliseconds, before the
 * host or the level), and the other usual syslog forms:
 * - ISO 8601 / RFC 3339: `2026-11-22T09:56:00.024Z`, a space instead of `T`, any fraction,
 *   `Z`, `+hh:mm`, `+hhmm` or nothing (read as UTC);
 * - RFC 5424: `<34>1 2026-11-22T09:56:00.024Z …` (the priority and version are skipped);
 * - RFC 3164 (BSD): `Nov 22 09:56:00 …`, without a year: the year that puts the time at most
 *   a day after the reference time (when the logs were taken), else the year before.
 * Anything else has no time (NaN): such a line takes the time of the line before it.
 */

/** Bytes of a line's start that are enough to read any of these forms. */
export const TIME_HEAD_BYTES = 64;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_KEYS = new Map(
  MONTHS.map((m, k) => [(m.charCodeAt(0) << 16) | (m.charCodeAt(1) << 8) | m.charCodeAt(2), k]),
);

const DAY_MS = 86_400_000;

export class LineTimeParser {
  private lastDayKey = -1;
  private lastDayMs = 0;

  constructor(
    /** When the logs were taken (ms): the year of BSD timestamps. NaN: the current year. */
    private readonly referenceTime = Number.NaN,
  ) {}

  private dayMs(y: number, m: number, d: number): number {
    const key = y * 10000 + m * 100 + d;
    if (key !== this.lastDayKey) {
      this.lastDayKey = key;
      this.lastDayMs = Date.UTC(y, m - 1, d);
      // Date.UTC rolls 31 November over to 1 December: such dates are not dates.
      const check = new Date(this.lastDayMs);
      if (check.getUTCDate() !== d || check.getUTCMonth() !== m - 1) this.lastDayMs = Number.NaN;
    }
    return this.lastDayMs;
  }

  /** The time (ms since the epoch) at buf[start…] (reading no further than `end`), or NaN. */
  parse(buf: Uint8Array, start: number, end: number): number {
    let p = start;
    const c0 = buf[p];
    if (c0 === undefined || p >= end) return Number.NaN;
    if (c0 >= 0x30 && c0 <= 0x39) return this.iso(buf, p, end);
    if (c0 === 0x3c) {
      // <PRI>VERSION SP
      p++;
      let n = 0;
      while (p < end && isDigit(buf[p]) && n < 3) [p, n] = [p + 1, n + 1];
      if (n === 0 || buf[p] !== 0x3e) return Number.NaN;
      p++;
      n = 0;
      while (p < end && isDigit(buf[p]) && n < 2) [p, n] = [p + 1, n + 1];
      if (n === 0 || buf[p] !== 0x20) return Number.NaN;
      return this.iso(buf, p + 1, end);
    }
    return this.bsd(buf, p, end);
  }

  private iso(buf: Uint8Array, p: number, end: number): number {
    if (p + 19 > end) return Number.NaN;
    const y = digits(buf, p, 4);
    const mo = buf[p + 4] === 0x2d ? digits(buf, p + 5, 2) : -1;
    const d = buf[p + 7] === 0x2d ? digits(buf, p + 8, 2) : -1;
    const sep = buf[p + 10];
    if (
      y < 0 ||
      mo < 1 ||
      mo > 12 ||
      d < 1 ||
      d > 31 ||
      (sep !== 0x54 && sep !== 0x20 && sep !== 0x74)
    ) {
      return Number.NaN;
    }
    const tod = timeOfDay(buf, p + 11);
    if (Number.isNaN(tod)) return Number.NaN;
    let q = p + 19;
    let ms = 0;
    if (q < end && (buf[q] === 0x2e || buf[q] === 0x2c)) {
      q++;
      let scale = 100;
      const from = q;
      while (q < end && isDigit(buf[q])) {
        if (scale >= 1) ms += ((buf[q] as number) - 0x30) * scale;
        scale /= 10;
        q++;
      }
      if (q === from) return Number.NaN;
      ms = Math.floor(ms);
    }
    let offset = 0;
    const z = buf[q];
    if (q < end && (z === 0x2b || z === 0x2d)) {
      const hh = digits(buf, q + 1, 2);
      const colon = buf[q + 3] === 0x3a ? 1 : 0;
      const mm = digits(buf, q + 3 + colon, 2);
      if (hh < 0 || mm < 0 || hh > 23 || mm > 59) return Number.NaN;
      offset = (z === 0x2b ? 1 : -1) * (hh * 60 + mm) * 60_000;
    }
    return this.dayMs(y, mo, d) + tod + ms - offset;
  }

  private bsd(buf: Uint8Array, p: number, end: number): number {
    // "Mmm dd hh:mm:ss" (day padded with a space or a zero).
    if (p + 15 > end || buf[p + 3] !== 0x20) return Number.NaN;
    const key = ((buf[p] as number) << 16) | ((buf[p + 1] as number) << 8) | (buf[p + 2] as number);
    const month = MONTH_KEYS.get(key);
    if (month === undefined) return Number.NaN;
    const d1 = buf[p + 4];
    const d = d1 === 0x20 ? digits(buf, p + 5, 1) : digits(buf, p + 4, 2);
    if (d < 1 || d > 31 || buf[p + 6] !== 0x20) return Number.NaN;
    const tod = timeOfDay(buf, p + 7);
    if (Number.isNaN(tod)) return Number.NaN;
    const ref = Number.isNaN(this.referenceTime) ? Date.now() : this.referenceTime;
    let y = new Date(ref).getUTCFullYear();
    let t = this.dayMs(y, month + 1, d) + tod;
    if (!(t <= ref + DAY_MS)) {
      y -= 1;
      t = this.dayMs(y, month + 1, d) + tod;
    }
    return t;
  }
}

function isDigit(b: number | undefined): boolean {
  return b !== undefined && b >= 0x30 && b <= 0x39;
}

/** `n` decimal digits at p, or -1. */
function digits(buf: Uint8Array, p: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const b = buf[p + k];
    if (b === undefined || b < 0x30 || b > 0x39) return -1;
    v = v * 10 + (b - 0x30);
  }
  return v;
}

/** `hh:mm:ss` at p, in ms, or NaN (a leap second 60 is read as 59.999). */
function timeOfDay(buf: Uint8Array, p: number): number {
  const h = digits(buf, p, 2);
  const m = buf[p + 2] === 0x3a ? digits(buf, p + 3, 2) : -1;
  const s = buf[p + 5] === 0x3a ? digits(buf, p + 6, 2) : -1;
  if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 60) return Number.NaN;
  return (h * 3600 + m * 60 + Math.min(s, 59)) * 1000 + (s === 60 ? 999 : 0);
}
