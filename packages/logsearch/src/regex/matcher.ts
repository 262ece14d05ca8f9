import type { RegexNode } from './ast.js';
import { LazyDfa, DEFAULT_DFA_STATES, DFA_DEAD, DFA_MATCH } from './dfa.js';
import { PATTERN_MESSAGES as PM, PatternError } from './errors.js';
import { literalNode, parseRegex } from './parse.js';
import { choosePrefilter, DFA_NS_PER_BYTE, type Needle, type Prefilter } from './prefilter.js';
import { compileProgram, type Program } from './program.js';
import { PikeVm, type Span } from './pike-vm.js';

/** The longest search pattern accepted (decision 042). */
export const MAX_PATTERN_LENGTH = 1000;

export interface PatternOptions {
  /** Default true (decision 042); `(?-i)` in the pattern turns it off. */
  ignoreCase?: boolean;
  maxLength?: number;
}

/** A search pattern ready to run: a regular expression, or the text itself when it does not parse. */
export interface SearchPattern {
  readonly source: string;
  /** `literal`: the text did not parse as a regular expression and is searched as typed. */
  readonly mode: 'regex' | 'literal';
  /** Why it is searched as a literal (the parser's message). */
  readonly syntaxError: string | null;
  readonly node: RegexNode;
  readonly program: Program;
}

/**
 * Compiles a search pattern (spec 001 §5): a .NET-style regular expression, or, when it does
 * not parse, its text matched literally. Throws a PatternError for patterns refused outright:
 * over the length limit, constructs that cannot run in linear time, too large a program.
 */
export function compileSearchPattern(source: string, options: PatternOptions = {}): SearchPattern {
  const max = options.maxLength ?? MAX_PATTERN_LENGTH;
  if (source.length > max) throw new PatternError('too-long', PM.tooLong(max));
  const parse = { ignoreCase: options.ignoreCase ?? true };
  let node: RegexNode;
  let mode: SearchPattern['mode'] = 'regex';
  let syntaxError: string | null = null;
  try {
    node = parseRegex(source, parse);
  } catch (error) {
    if (!(error instanceof PatternError) || error.code !== 'syntax') throw error;
    node = literalNode(source, parse);
    mode = 'literal';
    syntaxError = error.message;
  }
  return { source, mode, syntaxError, node, program: compileProgram(node) };
}

/**
 * A candidate search over a buffer with a prefilter: where the needle's searched position
 * occurs next (found by its byte, or natively by the run's bytes from there).
 */
interface NeedleCursor {
  needle: Needle;
  byte: number;
  native: Buffer | null;
  next: number;
}

/**
 * Runs one pattern over lines: whether each matches (lazy DFA, with a prefilter when the
 * pattern has a rare enough needle; the Pike VM when the DFA's cache keeps thrashing) and, for
 * the lines shown, where. Holds mutable caches: one per search, not shared.
 */
export class LineMatcher {
  private readonly dfa: LazyDfa;
  private readonly vm: PikeVm;
  private useVm = false;
  private bytesSinceCheck = 0;
  private statesAtCheck = 0;

  constructor(
    readonly pattern: SearchPattern,
    options: { dfaStates?: number } = {},
  ) {
    this.dfa = new LazyDfa(pattern.program, options.dfaStates ?? DEFAULT_DFA_STATES);
    this.vm = new PikeVm(pattern.program);
  }

  /** Whether the engine fell back to the Pike VM (the DFA cache thrashed). */
  get usingPikeVm(): boolean {
    return this.useVm;
  }

  /** The steps the Pike VM took (tests of the linear bound). */
  get pikeSteps(): number {
    return this.vm.steps;
  }

  get dfaStatesCreated(): number {
    return this.dfa.statesCreated;
  }

  /**
   * Whether the line [start, end) holds a match. `words`: buf's bytes as 32-bit words, when
   * buf is 4-byte aligned (the DFA then crosses idle stretches four bytes at a time).
   */
  lineMatches(
    buf: Uint8Array,
    start: number,
    end: number,
    words: Uint32Array | null = null,
  ): boolean {
    if (this.useVm) return this.vm.matches(buf, start, end);
    this.bytesSinceCheck += end - start;
    const m = this.dfa.lineMatches(buf, start, end, words);
    if (this.bytesSinceCheck > 1 << 16) this.checkDfa();
    return m;
  }

  /**
   * RE2's rule of thumb: a DFA that builds a state for fewer than about 10 bytes it reads,
   * after its cache was cleared, costs more than the NFA simulation; switch for good.
   */
  private checkDfa(): void {
    const created = this.dfa.statesCreated - this.statesAtCheck;
    if (this.dfa.resets > 2 && created * 10 > this.bytesSinceCheck) this.useVm = true;
    this.bytesSinceCheck = 0;
    this.statesAtCheck = this.dfa.statesCreated;
  }

  /** A line read in pieces: the state to carry (from `lineStart`), then each piece, then `lineEnd`. */
  lineStart(): number {
    return this.dfa.startState();
  }

  linePiece(state: number, buf: Uint8Array, start: number, end: number): number {
    if (state === DFA_MATCH || state === DFA_DEAD) return state;
    return this.dfa.run(state, buf, start, end);
  }

  lineEnd(state: number): boolean {
    return this.dfa.endsInMatch(state);
  }

  /** The leftmost-first matches in the line [start, end), at most `max` (highlights). */
  spans(buf: Uint8Array, start: number, end: number, max = 1000): Span[] {
    return this.vm.spans(buf, start, end, max);
  }

  /**
   * The prefilter to use on text with these byte frequencies and, when given, this sample of
   * it (null: run the DFA on every byte, when that is estimated cheaper).
   */
  prefilter(freq: Float64Array, sample: Uint8Array | null = null): Prefilter | null {
    const p = choosePrefilter(this.pattern.node, freq, sample);
    return p !== null && (p.exact || p.cost < DFA_NS_PER_BYTE) ? p : null;
  }

  /**
   * The lines of `buf` that match, among `count` lines whose starts are `starts[0..count]`
   * (`starts[count]` is the end of the last one, after its line feed if it has one). Calls
   * `found(k)` for each matching line k, in order, and stops early when it returns false.
   */
  matchLines(
    buf: Uint8Array,
    starts: ArrayLike<number>,
    count: number,
    prefilter: Prefilter | null,
    found: (k: number) => boolean,
  ): void {
    const words =
      buf.byteOffset % 4 === 0
        ? new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength >> 2)
        : null;
    if (prefilter === null) {
      for (let k = 0; k < count; k++) {
        // NOTE: int32 offsets (`| 0`): doubles as indexes make every byte access slow.
        const s = (starts[k] as number) | 0;
        const e = contentEnd(buf, s, (starts[k + 1] as number) | 0);
        if (this.lineMatches(buf, s, e, words) && !found(k)) return;
      }
      return;
    }
    this.matchLinesFiltered(buf, starts, count, prefilter, found, words);
  }

  private matchLinesFiltered(
    buf: Uint8Array,
    starts: ArrayLike<number>,
    count: number,
    prefilter: Prefilter,
    found: (k: number) => boolean,
    words: Uint32Array | null,
  ): void {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    const limit = (starts[count] as number) | 0;
    const cursors: NeedleCursor[] = [];
    for (const needle of prefilter.needles) {
      if (needle.native) cursors.push({ needle, byte: -1, native: needle.native, next: -2 });
      else {
        for (const byte of needle.searched) cursors.push({ needle, byte, native: null, next: -2 });
      }
    }
    let pos = (starts[0] as number) | 0;
    let line = 0;
    for (;;) {
      // The nearest hit of any searched byte at or after pos.
      let best: NeedleCursor | null = null;
      for (const c of cursors) {
        if (c.next !== -1 && c.next < pos) {
          const at = c.native ? b.indexOf(c.native, pos) : b.indexOf(c.byte, pos);
          c.next = at === -1 || at >= limit ? -1 : at;
        }
        if (c.next !== -1 && (best === null || c.next < best.next)) best = c;
      }
      if (best === null) return;
      const hit = best.next;
      // Needles may search the same byte: any of those hit here may check out. Checked in the
      // chunk first (most hits fail here), then within the hit's line.
      let needle: Needle | null = null;
      for (const c of cursors) {
        if (c.next === hit && runAround(buf, c.needle, hit, 0, limit)) {
          needle = c.needle;
          break;
        }
      }
      if (needle === null) {
        pos = hit + 1;
        continue;
      }
      // The hit's line: starts are sorted, and hits only move forward.
      let lo = line;
      let hi = count - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] as number) <= hit) lo = mid;
        else hi = mid - 1;
      }
      line = lo;
      const s = (starts[line] as number) | 0;
      const e = contentEnd(buf, s, (starts[line + 1] as number) | 0);
      if (hit - needle.at < s || hit - needle.at + needle.run.length > e) {
        pos = hit + 1;
        continue;
      }
      const matched = prefilter.exact || this.lineMatches(buf, s, e, words);
      if (matched && !found(line)) return;
      line += 1;
      if (line >= count) return;
      pos = (starts[line] as number) | 0;
    }
  }
}

/** Whether the needle's whole run is in the line around a hit of its searched position. */
function runAround(
  buf: Uint8Array,
  needle: Needle,
  hit: number,
  lineStart: number,
  lineEnd: number,
): boolean {
  const from = hit - needle.at;
  if (from < lineStart || from + needle.run.length > lineEnd) return false;
  for (let q = 0; q < needle.run.length; q++) {
    if ((needle.run[q] as Uint8Array)[buf[from + q] as number] !== 1) return false;
  }
  return true;
}

/** The end of a line's text: before its line feed (and a carriage return before that). */
export function contentEnd(buf: Uint8Array, start: number, next: number): number {
  let e = next;
  if (e > start && buf[e - 1] === 0x0a) e--;
  if (e > start && buf[e - 1] === 0x0d) e--;
  return e;
}
