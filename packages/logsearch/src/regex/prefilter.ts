import type { RegexNode } from './ast.js';
import { utf8Sequences } from './utf8.js';

/**
 * Prefilters: what every match must contain, so a search can jump between candidates with
 * `Buffer.indexOf` (memchr) instead of running the DFA over every byte. A needle is a run of
 * byte positions (each a small set of bytes: a letter in both cases, say) in which one position
 * is searched for (the rarest, by a byte histogram of the text) and the others checked around
 * each hit. A requirement is a list of needles of which every match contains one (the branches
 * of an alternation). A needle that is the whole pattern confirms matches without the DFA.
 */
export interface Needle {
  /** The byte sets of the run, in order (each a list of bytes). */
  readonly run: readonly (readonly number[])[];
  /** The position of the run searched for. */
  readonly at: number;
}

export interface Prefilter {
  readonly needles: readonly Needle[];
  /** Expected hits per byte of text (the sum of the searched bytes' frequencies). */
  readonly cost: number;
  /** The pattern is exactly the needle (one needle): a hit that checks out is a match. */
  readonly exact: boolean;
}

/** A set of at most this many bytes may be part of a needle's run. */
const MAX_RUN_SET = 4;
/** At most this many bytes are searched for at once (one indexOf each). */
const MAX_SEARCHED_BYTES = 4;

/** The single-byte encodings of a set when it has few: ASCII only, or one character's bytes. */
function smallByteSets(node: RegexNode): number[][] | null {
  if (node.type !== 'chars') return null;
  const seqs = utf8Sequences(node.set);
  if (seqs.length === 1 && (seqs[0] as [number, number][]).every(([lo, hi]) => lo === hi)) {
    return (seqs[0] as [number, number][]).map(([lo]) => [lo]);
  }
  const bytes: number[] = [];
  for (const seq of seqs) {
    if (seq.length !== 1) return null;
    const [lo, hi] = seq[0] as [number, number];
    for (let b = lo; b <= hi; b++) bytes.push(b);
    if (bytes.length > MAX_RUN_SET) return null;
  }
  return [bytes];
}

function needleCost(run: readonly (readonly number[])[], at: number, freq: Float64Array): number {
  let c = 0;
  for (const b of run[at] as readonly number[]) c += freq[b] as number;
  return c;
}

/** The run's rarest position. */
function bestNeedle(run: number[][], freq: Float64Array): { needle: Needle; cost: number } {
  let at = 0;
  let cost = Infinity;
  for (let k = 0; k < run.length; k++) {
    if ((run[k] as number[]).length > MAX_SEARCHED_BYTES) continue;
    const c = needleCost(run, k, freq);
    // Ties go to the later position: fewer false hits on common prefixes.
    if (c <= cost) [at, cost] = [k, c];
  }
  return { needle: { run, at }, cost };
}

interface Requirement {
  needles: Needle[];
  cost: number;
}

function requirement(node: RegexNode, freq: Float64Array): Requirement | null {
  switch (node.type) {
    case 'chars': {
      const run = smallByteSets(node);
      if (run === null) return null;
      const { needle, cost } = bestNeedle(run, freq);
      return Number.isFinite(cost) ? { needles: [needle], cost } : null;
    }
    case 'concat': {
      let best: Requirement | null = null;
      const consider = (r: Requirement | null) => {
        if (r !== null && (best === null || r.cost < best.cost)) best = r;
      };
      let run: number[][] = [];
      const flush = () => {
        if (run.length > 0) {
          const { needle, cost } = bestNeedle(run, freq);
          if (Number.isFinite(cost)) consider({ needles: [needle], cost });
        }
        run = [];
      };
      for (const item of node.items) {
        const sets = smallByteSets(item);
        if (sets !== null) {
          run.push(...sets);
          continue;
        }
        flush();
        consider(requirement(item, freq));
      }
      flush();
      return best;
    }
    case 'alt': {
      const needles: Needle[] = [];
      let cost = 0;
      for (const item of node.items) {
        const r = requirement(item, freq);
        if (r === null) return null;
        needles.push(...r.needles);
        cost += r.cost;
      }
      return { needles, cost };
    }
    case 'repeat':
      return node.min >= 1 ? requirement(node.item, freq) : null;
    default:
      return null;
  }
}

/** Whether the pattern is exactly one run of small byte sets (a literal, maybe case-folded). */
function literalRun(node: RegexNode): number[][] | null {
  const items = node.type === 'concat' ? node.items : [node];
  const run: number[][] = [];
  for (const item of items) {
    const sets = smallByteSets(item);
    if (sets === null) return null;
    run.push(...sets);
  }
  return run.length > 0 ? run : null;
}

/**
 * The cheapest prefilter of a pattern for text of the given byte frequencies (fractions), or
 * null when no needle of at most MAX_SEARCHED_BYTES searched bytes per branch exists.
 */
export function choosePrefilter(node: RegexNode, freq: Float64Array): Prefilter | null {
  const r = requirement(node, freq);
  if (r === null || r.needles.length === 0) return null;
  const searched = r.needles.reduce((n, x) => n + (x.run[x.at] as readonly number[]).length, 0);
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
