import type { RegexNode } from './ast.js';
import { LazyDfa, DFA_DEAD, DFA_MATCH } from './dfa.js';
import { PATTERN_MESSAGES as PM, PatternError } from './errors.js';
import { literalNode, parseRegex } from './parse.js';
import {
  bndmFind,
  choosePrefilter,
  DFA_NS_PER_BYTE,
  type Needle,
  type Prefilter,
} from './prefilter.js';
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
 * occurs next (found by its byte, natively by the run's bytes from there, or by BNDM).
 */
interface NeedleCursor {
  needle: Needle;
  /** 0: indexOf(byte); 1: indexOf(native); 2: BNDM. */
  kind: number;
  byte: number;
  native: Buffer | null;
  masks: Int32Array | null;
  next: number;
}

/** The thrash check of the DFA runs every this many bytes of a chunk (a slice of whole lines). */
const CHECK_BYTES = 1 << 18;

/**
 * Runs one pattern over lines: whether each matches (lazy DFA, with a prefilter when the
 * pattern has a rare enough needle; the Pike VM when the DFA's cache keeps thrashing) and, for
 * the lines shown, where. Holds mutable caches: one per search, not shared.
 */
export class LineMatcher {
  private readonly dfa: LazyDfa;
  private readonly vm: PikeVm;
  private useVm = false;
  /** Hits of the prefilters' needles handed back to JavaScript so far (scans watch it). */
  prefilterHits = 0;
  private bytesSinceCheck = 0;
  private statesAtCheck = 0;

  constructor(
    readonly pattern: SearchPattern,
    options: { dfaStates?: number } = {},
  ) {
    this.dfa = new LazyDfa(pattern.program, options.dfaStates);
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

  /** The DFA's byte classes (tests). */
  get byteClassCount(): number {
    return this.dfa.classes.count;
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
   * The lines of the chunk [from, to) of `buf` that match: whole lines, each ended by a line
   * feed (the last may end at `to` without one). Calls `found(at)` with a position inside each
   * matching line, in order, and stops when it answers false: returns false then, true when
   * the chunk was searched through. With a prefilter, only the lines around its hits are run
   * through the DFA; without, the DFA runs through the chunk in one loop.
   */
  matchChunk(
    buf: Uint8Array,
    from: number,
    to: number,
    prefilter: Prefilter | null,
    found: (at: number) => boolean,
  ): boolean {
    const words =
      buf.byteOffset % 4 === 0
        ? new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength >> 2)
        : null;
    const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (prefilter !== null) return this.matchFiltered(buf, text, from, to, prefilter, found, words);
    let at = from | 0;
    const end = to | 0;
    while (at < end) {
      // In slices of whole lines, so that a thrashing DFA is given up for the Pike VM early.
      let cut = end;
      if (end - at > CHECK_BYTES) {
        const nl = text.lastIndexOf(0x0a, at + CHECK_BYTES - 1);
        cut = nl >= at ? nl + 1 : end;
      }
      if (this.useVm) {
        if (!this.vmLines(buf, text, at, cut, found)) return false;
      } else {
        this.bytesSinceCheck += cut - at;
        if (!this.dfa.scanLines(buf, text, at, cut, words, found)) return false;
        if (this.bytesSinceCheck > 1 << 16) this.checkDfa();
      }
      at = cut;
    }
    return true;
  }

  /** The Pike VM over each line of [from, to). */
  private vmLines(
    buf: Uint8Array,
    text: Buffer,
    from: number,
    to: number,
    found: (at: number) => boolean,
  ): boolean {
    let s = from;
    while (s < to) {
      const nl = text.indexOf(0x0a, s);
      const next = nl < 0 || nl >= to ? to : nl + 1;
      if (this.vm.matches(buf, s, contentEnd(buf, s, next)) && !found(s)) return false;
      s = next;
    }
    return true;
  }

  /**
   * The lines of `buf` that match, among `count` lines whose starts are `starts[0..count]`
   * (`starts[count]` is the end of the last one, after its line feed if it has one). Calls
   * `found(k)` for each matching line k, in order, and stops early when it answers false.
   */
  matchLines(
    buf: Uint8Array,
    starts: ArrayLike<number>,
    count: number,
    prefilter: Prefilter | null,
    found: (k: number) => boolean,
  ): void {
    if (count === 0) return;
    let line = 0;
    this.matchChunk(buf, starts[0] as number, starts[count] as number, prefilter, (at) => {
      while (line + 1 < count && (starts[line + 1] as number) <= at) line++;
      return found(line);
    });
  }

  private matchFiltered(
    buf: Uint8Array,
    text: Buffer,
    from: number,
    to: number,
    prefilter: Prefilter,
    found: (at: number) => boolean,
    words: Uint32Array | null,
  ): boolean {
    const limit = to | 0;
    const first = from | 0;
    const cursors: NeedleCursor[] = [];
    for (const needle of prefilter.needles) {
      if (needle.kind === 'bndm') {
        cursors.push({ needle, kind: 2, byte: -1, native: null, masks: needle.masks, next: -2 });
      } else if (needle.kind === 'native') {
        cursors.push({ needle, kind: 1, byte: -1, native: needle.native, masks: null, next: -2 });
      } else {
        for (const byte of needle.searched) {
          cursors.push({ needle, kind: 0, byte, native: null, masks: null, next: -2 });
        }
      }
    }
    let pos = first;
    for (;;) {
      // The nearest hit of any needle at or after pos.
      let best: NeedleCursor | null = null;
      for (const c of cursors) {
        if (c.next !== -1 && c.next < pos) {
          let at: number;
          if (c.kind === 2) {
            at = bndmFind(buf, c.masks as Int32Array, c.needle.run.length, pos, limit);
          } else {
            at = c.kind === 1 ? text.indexOf(c.native as Buffer, pos) : text.indexOf(c.byte, pos);
            if (at >= limit) at = -1;
          }
          c.next = at;
        }
        if (c.next !== -1 && (best === null || c.next < best.next)) best = c;
      }
      if (best === null) return true;
      const hit = best.next;
      this.prefilterHits++;
      // Needles may search the same byte: any of those hit here may check out. Checked in the
      // chunk first (most hits fail here), then within the hit's line.
      let needle: Needle | null = null;
      for (const c of cursors) {
        if (c.next === hit && (c.kind === 2 || runAround(buf, c.needle, hit, first, limit))) {
          needle = c.needle;
          break;
        }
      }
      if (needle === null) {
        pos = hit + 1;
        continue;
      }
      // The hit's line.
      const runStart = hit - needle.at;
      const ls =
        runStart > first ? Math.max(first, text.lastIndexOf(0x0a, runStart - 1) + 1) : first;
      const nl = text.indexOf(0x0a, runStart);
      const next = nl < 0 || nl >= limit ? limit : nl + 1;
      const e = contentEnd(buf, ls, next);
      if (runStart + needle.run.length > e) {
        // The run crosses the line's end (a set holding the line feed): not a hit.
        pos = hit + 1;
        continue;
      }
      const matched = prefilter.exact || this.lineMatches(buf, ls, e, words);
      if (matched && !found(ls)) return false;
      if (next >= limit) return true;
      pos = next;
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
