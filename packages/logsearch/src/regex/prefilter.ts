import type { RegexNode } from './ast.js';
import { utf8Sequences } from './utf8.js';

/**
 * Prefilters: what every match must contain, so a search can jump between candidates instead
 * of running the DFA over every byte. A needle is a run of byte positions (each a set of
 * bytes: a letter in both cases, a class of one byte) that every match of its branch contains,
 * found in one of three ways:
 * - `native`: `Buffer.indexOf` of the run's single bytes from one position on (V8 skips to the
 *   first byte with memchr and compares the rest in C++), the rest of the run checked around
 *   each hit: best when that byte is rare;
 * - `bytes`: one `indexOf` of a byte per byte of one position's set (both cases of a letter);
 * - `bndm`: the whole run at once, by BNDM (Navarro and Raffinot's backward automaton, bit
 *   parallel over byte sets) in JavaScript: it reads a few bytes of each window of the run's
 *   length and shifts by up to that length, so it is fast when the run as a whole is rare even
 *   if every byte of it is common (case-insensitive words, classes of digits).
 * A requirement is a list of needles of which every match contains one (the branches of an
 * alternation). A needle that is the whole pattern confirms matches without the DFA.
 *
 * Which run and which way: a cost model in ns per byte of text, from the text's byte
 * frequencies and, when a sample of the text is given, how often each run really occurs in it
 * and how BNDM fares on it (a word that every line holds is a poor needle however rare its
 * letters).
 */
export interface Needle {
  /** The byte sets of the run, in order (256 entries each, 1: in the set). */
  readonly run: readonly Uint8Array[];
  readonly kind: 'native' | 'bytes' | 'bndm';
  /** The position of the run searched for (0 for BNDM, which finds the run's start). */
  readonly at: number;
  /** The bytes of that position (at most MAX_SEARCHED_BYTES; none for BNDM). */
  readonly searched: readonly number[];
  /** `native`: the run's single bytes from `at` on. */
  readonly native: Buffer | null;
  /** `bndm`: the run's masks (bndmMasks), its length at most BNDM_MAX. */
  readonly masks: Int32Array | null;
}

export interface Prefilter {
  readonly needles: readonly Needle[];
  /** Estimated ns per byte of text (the DFA takes about DFA_NS_PER_BYTE). */
  readonly cost: number;
  /** The pattern is exactly the needle (one needle): a hit that checks out is a match. */
  readonly exact: boolean;
}

/** At most this many bytes are searched for at once (one indexOf each). */
const MAX_SEARCHED_BYTES = 4;
/** BNDM's longest run (a window's bits in one 32-bit integer). */
export const BNDM_MAX = 31;
/** Runs are built up to this many positions (a long literal, a long count of a class). */
const MAX_RUN = 64;

// The cost model (ns, measured on this code: docs/performance.md "Log search").
/** The lazy DFA on every byte (with its idle skip, on a typical log). */
export const DFA_NS_PER_BYTE = 1.5;
/** A stop of V8's memchr inside one indexOf call (a byte equal to the needle's first). */
const NATIVE_STOP_NS = 10;
/** A hit handed back to JavaScript: the call, the run's check. */
export const JS_HIT_NS = 100;
/** A hit whose run checks out: its line's bounds, the DFA over its line. */
const VERIFY_NS = 300;
/** Positions of a run costed in full (the rarest by their bytes' frequencies). */
const COSTED_POSITIONS = 3;
/** Scanning for one byte with memchr. */
const MEMCHR_NS_PER_BYTE = 0.05;
/** BNDM: a byte read in a window, and a window's shift. */
const BNDM_READ_NS = 0.9;
const BNDM_WINDOW_NS = 1.5;
/** Runs shorter than this are not searched by BNDM (a shift of one or two bytes). */
const BNDM_MIN = 3;

/**
 * A node that matches one byte of a set, or a fixed sequence of bytes (one character's UTF-8):
 * its byte sets in order; null for anything else (a multi-byte class, `.`, a repeat).
 */
function byteSets(node: RegexNode): Uint8Array[] | null {
  if (node.type !== 'chars') return null;
  const seqs = utf8Sequences(node.set);
  const mask = (bytes: number[]) => {
    const m = new Uint8Array(256);
    for (const b of bytes) m[b] = 1;
    return m;
  };
  if (seqs.length === 1 && (seqs[0] as [number, number][]).every(([lo, hi]) => lo === hi)) {
    return (seqs[0] as [number, number][]).map(([lo]) => mask([lo]));
  }
  const m = new Uint8Array(256);
  for (const seq of seqs) {
    if (seq.length !== 1) return null;
    const [lo, hi] = seq[0] as [number, number];
    m.fill(1, lo, hi + 1);
  }
  return [m];
}

/** The bytes of a set. */
function members(set: Uint8Array): number[] {
  const out: number[] = [];
  for (let b = 0; b < 256; b++) if (set[b] === 1) out.push(b);
  return out;
}

/** BNDM's masks of a run (at most BNDM_MAX long): bit m-1-q of masks[c] when c is in run[q]. */
export function bndmMasks(run: readonly Uint8Array[]): Int32Array {
  const m = run.length;
  const masks = new Int32Array(256);
  for (let q = 0; q < m; q++) {
    const set = run[q] as Uint8Array;
    const bit = 1 << (m - 1 - q);
    for (let c = 0; c < 256; c++) if (set[c] === 1) masks[c] = (masks[c] as number) | bit;
  }
  return masks;
}

/**
 * The first occurrence of a run (its masks and length m) starting at or after `from` and
 * ending at or before `limit`: its start, or -1. BNDM: a window of m bytes is read from its
 * end backwards while what was read is a factor of the run; a prefix of the run seen on the
 * way is where the next window starts, so windows that hold no occurrence are left after a
 * few bytes and most bytes are never read.
 */
export function bndmFind(
  buf: Uint8Array,
  masks: Int32Array,
  m: number,
  from: number,
  limit: number,
): number {
  const high = 1 << (m - 1);
  let pos = from | 0;
  const last = (limit | 0) - m;
  while (pos <= last) {
    let j = m - 1;
    let shift = m;
    let d = masks[buf[pos + j] as number] as number;
    while (d !== 0) {
      if ((d & high) !== 0) {
        // What was read is a prefix of the run.
        if (j === 0) return pos;
        shift = j;
      }
      j--;
      d = (d << 1) & (masks[buf[pos + j] as number] as number);
    }
    pos += shift;
  }
  return -1;
}

/** BNDM over a sample: bytes read, windows, occurrences. */
function bndmCounts(
  sample: Uint8Array,
  masks: Int32Array,
  m: number,
): { reads: number; windows: number; hits: number } {
  const high = 1 << (m - 1);
  let reads = 0;
  let windows = 0;
  let hits = 0;
  let pos = 0;
  const last = sample.length - m;
  while (pos <= last) {
    windows++;
    let j = m - 1;
    let shift = m;
    let d = masks[sample[pos + j] as number] as number;
    reads++;
    while (d !== 0) {
      if ((d & high) !== 0) {
        if (j === 0) {
          hits++;
          break;
        }
        shift = j;
      }
      j--;
      reads++;
      d = (d << 1) & (masks[sample[pos + j] as number] as number);
    }
    pos += shift;
  }
  return { reads, windows, hits };
}

/** What the cost model knows of the text. */
interface TextStats {
  freq: Float64Array;
  sample: Uint8Array | null;
}

/** How often the whole run occurs per byte: counted in the sample, else by byte frequencies. */
function runRate(run: readonly Uint8Array[], stats: TextStats): number {
  const { sample } = stats;
  if (sample === null || sample.length < 1024) {
    let p = 1;
    for (const set of run) p *= members(set).reduce((s, b) => s + (stats.freq[b] as number), 0);
    return p;
  }
  let n = 0;
  const first = run[0] as Uint8Array;
  for (let i = 0; i + run.length <= sample.length; i++) {
    if (first[sample[i] as number] !== 1) continue;
    let q = 1;
    while (q < run.length && (run[q] as Uint8Array)[sample[i + q] as number] === 1) q++;
    if (q === run.length) n++;
  }
  return (n + 0.5) / sample.length;
}

/** The sum of the byte frequencies of a set: how often a byte of text is in it. */
function setRate(set: Uint8Array, freq: Float64Array): number {
  let p = 0;
  for (let b = 0; b < 256; b++) if (set[b] === 1) p += freq[b] as number;
  return p;
}

/** The run's BNDM window (its rarest BNDM_MAX positions in a row, by byte frequencies). */
function bndmWindow(run: readonly Uint8Array[], freq: Float64Array): readonly Uint8Array[] {
  if (run.length <= BNDM_MAX) return run;
  const weight = run.map((set) => Math.log(Math.max(1e-12, setRate(set, freq))));
  let best = 0;
  let bestSum = Infinity;
  for (let k = 0; k + BNDM_MAX <= run.length; k++) {
    const sum = weight.slice(k, k + BNDM_MAX).reduce((a, b) => a + b, 0);
    if (sum < bestSum) [best, bestSum] = [k, sum];
  }
  return run.slice(best, best + BNDM_MAX);
}

/** BNDM for the run: the needle and its cost (null when the run is too short). */
function bndmNeedle(run: Uint8Array[], stats: TextStats): { needle: Needle; cost: number } | null {
  if (run.length < BNDM_MIN) return null;
  const window = bndmWindow(run, stats.freq);
  const m = window.length;
  const masks = bndmMasks(window);
  let scan: number;
  let windowRate: number | null = null;
  const { sample } = stats;
  if (sample !== null && sample.length >= 1024) {
    const c = bndmCounts(sample, masks, m);
    scan = (c.reads * BNDM_READ_NS + c.windows * BNDM_WINDOW_NS) / sample.length;
    windowRate = (c.hits + 0.5) / sample.length;
  } else {
    // Without a sample: a window reads about as many bytes as the run's rarest start allows.
    const first = setRate(window[m - 1] as Uint8Array, stats.freq);
    scan = ((1 + first * 2) * BNDM_READ_NS + BNDM_WINDOW_NS) / Math.max(1, m - 1);
  }
  windowRate ??= runRate(window, stats);
  const rate = window === run ? windowRate : runRate(run, stats);
  return {
    needle: { run: window, kind: 'bndm', at: 0, searched: [], native: null, masks },
    cost: scan + windowRate * JS_HIT_NS + rate * VERIFY_NS,
  };
}

/** The run's best needle, and its cost in ns per byte of text. */
function bestNeedle(run: Uint8Array[], stats: TextStats): { needle: Needle; cost: number } | null {
  const rate = runRate(run, stats);
  const sets = run.map(members);
  // The searchable positions, rarest first: the few rarest are costed in full (a tail's count
  // in the sample is a pass over it).
  const candidates = sets
    .map((set, k) => ({ k, set, stops: set.reduce((s, b) => s + (stats.freq[b] as number), 0) }))
    .filter((c) => c.set.length <= MAX_SEARCHED_BYTES)
    .sort((x, y) => x.stops - y.stops || y.k - x.k)
    .slice(0, COSTED_POSITIONS);
  let best = bndmNeedle(run, stats);
  for (const { k, set, stops } of candidates) {
    // Natively: the single bytes of the run from k on, as far as they go.
    let end = k;
    while (end < run.length && (sets[end] as number[]).length === 1) end++;
    const native = end > k ? Buffer.from(sets.slice(k, end).map((m) => m[0] as number)) : null;
    // Natively, only the occurrences of the run's tail come back to JavaScript.
    const cost = native
      ? MEMCHR_NS_PER_BYTE +
        stops * NATIVE_STOP_NS +
        (k === 0 && end === run.length ? rate : runRate(run.slice(k, end), stats)) * JS_HIT_NS +
        rate * VERIFY_NS
      : set.length * MEMCHR_NS_PER_BYTE + stops * JS_HIT_NS + rate * VERIFY_NS;
    if (best === null || cost < best.cost) {
      const kind = native ? 'native' : 'bytes';
      best = { needle: { run, kind, at: k, searched: set, native, masks: null }, cost };
    }
  }
  return best;
}

interface Requirement {
  needles: Needle[];
  cost: number;
}

function requirement(node: RegexNode, stats: TextStats): Requirement | null {
  switch (node.type) {
    case 'chars': {
      const run = byteSets(node);
      const best = run === null ? null : bestNeedle(run, stats);
      return best === null ? null : { needles: [best.needle], cost: best.cost };
    }
    case 'concat': {
      let best: Requirement | null = null;
      const consider = (r: Requirement | null) => {
        if (r !== null && (best === null || r.cost < best.cost)) best = r;
      };
      let run: Uint8Array[] = [];
      const flush = () => {
        const b = run.length > 0 ? bestNeedle(run, stats) : null;
        if (b !== null) consider({ needles: [b.needle], cost: b.cost });
        run = [];
      };
      const push = (sets: Uint8Array[]) => {
        if (run.length + sets.length > MAX_RUN) flush();
        run.push(...sets);
      };
      for (const item of node.items) {
        const sets = byteSets(item);
        if (sets !== null) {
          push(sets);
          continue;
        }
        const inner = item.type === 'repeat' && item.min >= 1 ? byteSets(item.item) : null;
        if (item.type === 'repeat' && inner !== null) {
          // x{min,max}: its first `min` copies go on with the run before it, its last ones
          // begin the run after it (when the count varies, the two are not a fixed distance
          // apart).
          const copies = Math.min(item.min, Math.max(1, Math.floor(MAX_RUN / inner.length)));
          for (let k = 0; k < copies; k++) push(inner);
          if (item.max !== item.min || copies < item.min) {
            flush();
            for (let k = 0; k < copies; k++) push(inner);
          }
          continue;
        }
        flush();
        consider(requirement(item, stats));
      }
      flush();
      return best;
    }
    case 'alt': {
      const needles: Needle[] = [];
      let cost = 0;
      for (const item of node.items) {
        const r = requirement(item, stats);
        if (r === null) return null;
        needles.push(...r.needles);
        cost += r.cost;
      }
      return { needles, cost };
    }
    case 'repeat':
      return node.min >= 1 ? requirement(node.item, stats) : null;
    default:
      return null;
  }
}

/** Whether the pattern is exactly one run of byte sets (a literal, maybe case-folded, maybe with classes). */
function literalRun(node: RegexNode): Uint8Array[] | null {
  const items = node.type === 'concat' ? node.items : [node];
  const run: Uint8Array[] = [];
  for (const item of items) {
    const sets = byteSets(item);
    if (sets === null) return null;
    run.push(...sets);
  }
  return run.length > 0 ? run : null;
}

/** Indexes of the native searches a prefilter makes (one per byte, one per native run; BNDM none). */
const searches = (n: Needle): number =>
  n.kind === 'bndm' ? 0 : n.kind === 'native' ? 1 : n.searched.length;

/**
 * The cheapest prefilter of a pattern for text of the given byte frequencies (fractions) and,
 * when given, a sample of it; null when no needle exists (a branch without one) or too many
 * bytes would be searched at once.
 */
export function choosePrefilter(
  node: RegexNode,
  freq: Float64Array,
  sample: Uint8Array | null = null,
): Prefilter | null {
  const r = requirement(node, { freq, sample });
  if (r === null || r.needles.length === 0) return null;
  const searched = r.needles.reduce((n, x) => n + searches(x), 0);
  if (searched > MAX_SEARCHED_BYTES) return null;
  const whole = literalRun(node);
  const exact =
    whole !== null &&
    r.needles.length === 1 &&
    (r.needles[0] as Needle).run.length === whole.length;
  return { needles: r.needles, cost: r.cost, exact };
}

/**
 * Byte frequencies of a sample of text, smoothed so that a byte absent from the sample is still
 * rarer than any present one but not free.
 */
export function byteFrequencies(sample: Uint8Array): Float64Array {
  const counts = new Float64Array(256);
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i] as number;
    counts[b] = (counts[b] as number) + 1;
  }
  const total = sample.length + 256 * 0.01;
  for (let b = 0; b < 256; b++) counts[b] = ((counts[b] as number) + 0.01) / total;
  return counts;
}
