import type { RegexNode } from './ast.js';
import { utf8Sequences } from './utf8.js';

/**
 * Prefilters: what every match must contain, so a search can jump between candidates with
 * `Buffer.indexOf` instead of running the DFA over every byte. A needle is a run of byte
 * positions (each a small set of bytes: a letter in both cases, say) that every match of its
 * branch contains. One position is searched for and the others are checked around each hit:
 * - natively, when that position is a single byte: `indexOf` of the run's single bytes from
 *   there on (V8 skips to the first byte with memchr and compares the rest in C++);
 * - otherwise one `indexOf` of a byte per byte of the position's set (both cases of a letter).
 * A requirement is a list of needles of which every match contains one (the branches of an
 * alternation). A needle that is the whole pattern confirms matches without the DFA.
 *
 * Which run and which position: a cost model in ns per byte of text, from the text's byte
 * frequencies and, when a sample is given, how often each run really occurs in it (a word that
 * every line holds is a poor needle however rare its letters).
 */
export interface Needle {
  /** The byte sets of the run, in order (256 entries each, 1: in the set). */
  readonly run: readonly Uint8Array[];
  /** The position of the run searched for. */
  readonly at: number;
  /** The bytes of that position (at most MAX_SEARCHED_BYTES). */
  readonly searched: readonly number[];
  /** The run's single bytes from `at` on, searched natively; null: search run[at]'s bytes. */
  readonly native: Buffer | null;
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

// The cost model (ns, measured on this code: docs/performance.md "Log search").
/** The lazy DFA on every byte. */
export const DFA_NS_PER_BYTE = 3;
/** A stop of V8's memchr inside one indexOf call (a byte equal to the needle's first). */
const NATIVE_STOP_NS = 10;
/** A hit handed back to JavaScript: the call, the line's lookup, the run's check. */
const JS_HIT_NS = 250;
/** A hit whose run checks out: the DFA over its line. */
const VERIFY_NS = 300;
/** Positions of a run costed in full (the rarest by their bytes' frequencies). */
const COSTED_POSITIONS = 3;
/** Scanning for one byte with memchr. */
const MEMCHR_NS_PER_BYTE = 0.05;

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

/** The run's best searched position, and its cost in ns per byte of text. */
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
  let best: { needle: Needle; cost: number } | null = null;
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
      best = { needle: { run, at: k, searched: set, native }, cost };
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
      for (const item of node.items) {
        const sets = byteSets(item);
        if (sets !== null) {
          run.push(...sets);
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
  const searched = r.needles.reduce((n, x) => n + (x.native ? 1 : x.searched.length), 0);
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
