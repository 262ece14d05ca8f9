/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent ranges `[lo0, hi0, lo1, hi1, …]`
 * (inclusive): what a literal, a class or `.` of a pattern may match, before it is turned into
 * UTF-8 byte sequences.
 */
export type CharSet = readonly number[];

export const MAX_CODE_POINT = 0x10ffff;

/** Sorts and merges ranges given in any order (overlapping or adjacent ones become one). */
export function normalize(ranges: readonly number[]): CharSet {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    const lo = ranges[i] as number;
    const hi = ranges[i + 1] as number;
    if (lo <= hi) pairs.push([lo, hi]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= (out[last] as number) + 1) {
      out[last] = Math.max(out[last] as number, hi);
    } else out.push(lo, hi);
  }
  return out;
}

export const single = (cp: number): CharSet => [cp, cp];

export function union(...sets: CharSet[]): CharSet {
  return normalize(sets.flat());
}

export function negate(set: CharSet): CharSet {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    const lo = set[i] as number;
    if (lo > next) out.push(next, lo - 1);
    next = (set[i + 1] as number) + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

export function subtract(a: CharSet, b: CharSet): CharSet {
  return intersect(a, negate(b));
}

export function intersect(a: CharSet, b: CharSet): CharSet {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i] as number, b[j] as number);
    const hi = Math.min(a[i + 1] as number, b[j + 1] as number);
    if (lo <= hi) out.push(lo, hi);
    if ((a[i + 1] as number) < (b[j + 1] as number)) i += 2;
    else j += 2;
  }
  return out;
}

export function contains(set: CharSet, cp: number): boolean {
  let lo = 0;
  let hi = set.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (set[mid * 2] as number)) hi = mid - 1;
    else if (cp > (set[mid * 2 + 1] as number)) lo = mid + 1;
    else return true;
  }
  return false;
}

export function isEmpty(set: CharSet): boolean {
  return set.length === 0;
}

/** The number of code points in the set. */
export function size(set: CharSet): number {
  let n = 0;
  for (let i = 0; i < set.length; i += 2) n += (set[i + 1] as number) - (set[i] as number) + 1;
  return n;
}

// Predefined classes. NOTE: \d and \w are ASCII, as in JavaScript and RE2 (.NET's are
// Unicode); \s is Unicode white space, as in JavaScript (decision 042).
export const DIGIT: CharSet = [0x30, 0x39];
export const WORD: CharSet = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
export const SPACE: CharSet = normalize([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f,
  0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]);
/** `.`: any character but a line feed (lines never hold one: the subject is a line). */
export const ANY_BUT_NEWLINE: CharSet = [0, 0x09, 0x0b, MAX_CODE_POINT];

/** Whether a byte is a word character of \w and \b (ASCII). */
export function isWordByte(b: number): boolean {
  return (
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || b === 0x5f || (b >= 0x61 && b <= 0x7a)
  );
}

/** Non-ASCII members of a class up to this many are case folded one by one (larger ones are not). */
const MAX_FOLDED = 5000;

/** The single-code-point case variants of a code point (é: É), itself excluded. */
function variants(cp: number): number[] {
  const out = new Set<number>();
  const s = String.fromCodePoint(cp);
  for (const v of [s.toLowerCase(), s.toUpperCase()]) {
    if ([...v].length !== 1) continue;
    out.add(v.codePointAt(0) as number);
    // Both ways round: the lower case of an upper-case variant (ǅ, ǆ, Ǆ).
    for (const w of [v.toLowerCase(), v.toUpperCase()]) {
      if ([...w].length === 1) out.add(w.codePointAt(0) as number);
    }
  }
  out.delete(cp);
  return [...out];
}

/**
 * The set with the case variants of its members added (simple case folding). NOTE: ASCII
 * letters fold to ASCII only (as JavaScript's RegExp without `u`): `k` does not match the
 * Kelvin sign, so a literal of ASCII letters stays a run of byte pairs that the prefilter can
 * search (decision 042). Non-ASCII members are folded when the class has at most MAX_FOLDED of
 * them (larger classes are ranges that hold both cases already, in practice).
 */
export function caseFold(set: CharSet): CharSet {
  const extra: number[] = [];
  const ascii = intersect(set, [0x41, 0x5a, 0x61, 0x7a]);
  for (let i = 0; i < ascii.length; i += 2) {
    extra.push((ascii[i] as number) ^ 0x20, (ascii[i + 1] as number) ^ 0x20);
  }
  const beyond = intersect(set, [0x80, MAX_CODE_POINT]);
  if (size(beyond) <= MAX_FOLDED) {
    for (let i = 0; i < beyond.length; i += 2) {
      for (let cp = beyond[i] as number; cp <= (beyond[i + 1] as number); cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        for (const v of variants(cp)) extra.push(v, v);
      }
    }
  }
  return extra.length === 0 ? set : union(set, extra);
}
