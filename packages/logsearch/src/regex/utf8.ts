import type { CharSet } from './char-set.js';

/**
 * A set of code points as UTF-8 byte sequences: each sequence is 1 to 4 byte ranges
 * `[lo, hi]`, and a code point of the set is encoded by exactly one sequence (the classic
 * splitting of Russ Cox's RE2 and Rust's utf8-ranges). Surrogates (U+D800–U+DFFF) have no UTF-8
 * encoding and are left out.
 */
export type ByteSequence = [number, number][];

const MAX_BY_LENGTH = [0x7f, 0x7ff, 0xffff, 0x10ffff];

function encodedLength(cp: number): number {
  return cp <= 0x7f ? 1 : cp <= 0x7ff ? 2 : cp <= 0xffff ? 3 : 4;
}

/** The UTF-8 bytes of a code point. */
export function encode(cp: number): number[] {
  if (cp <= 0x7f) return [cp];
  if (cp <= 0x7ff) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp <= 0xffff) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [
    0xf0 | (cp >> 18),
    0x80 | ((cp >> 12) & 0x3f),
    0x80 | ((cp >> 6) & 0x3f),
    0x80 | (cp & 0x3f),
  ];
}

/** The byte sequences of the code points [lo, hi]. */
function rangeSequences(start: number, end: number, out: ByteSequence[]): void {
  const stack: [number, number][] = [[start, end]];
  while (stack.length > 0) {
    const [lo, hi] = stack.pop() as [number, number];
    // Surrogates are not characters in UTF-8.
    if (lo <= 0xdfff && hi >= 0xd800) {
      if (hi > 0xdfff) stack.push([0xe000, hi]);
      if (lo < 0xd800) stack.push([lo, 0xd7ff]);
      continue;
    }
    // One encoded length at a time.
    const n = encodedLength(lo);
    const max = MAX_BY_LENGTH[n - 1] as number;
    if (hi > max) {
      stack.push([max + 1, hi]);
      stack.push([lo, max]);
      continue;
    }
    if (n === 1) {
      out.push([[lo, hi]]);
      continue;
    }
    // Split until every continuation byte either spans 80–BF or is fixed.
    let split = false;
    for (let i = 1; i < n; i++) {
      const m = (1 << (6 * i)) - 1;
      if ((lo & ~m) !== (hi & ~m)) {
        if ((lo & m) !== 0) {
          stack.push([(lo | m) + 1, hi]);
          stack.push([lo, lo | m]);
          split = true;
          break;
        }
        if ((hi & m) !== m) {
          stack.push([hi & ~m, hi]);
          stack.push([lo, (hi & ~m) - 1]);
          split = true;
          break;
        }
      }
    }
    if (split) continue;
    const a = encode(lo);
    const b = encode(hi);
    out.push(a.map((byte, k) => [byte, b[k] as number]));
  }
}

/** The UTF-8 byte sequences of a set, in code point order. */
export function utf8Sequences(set: CharSet): ByteSequence[] {
  const out: ByteSequence[] = [];
  for (let i = 0; i < set.length; i += 2) {
    rangeSequences(set[i] as number, set[i + 1] as number, out);
  }
  return out;
}
