import type { AssertKind, RegexNode } from './ast.js';
import { PATTERN_MESSAGES as PM, PatternError } from './errors.js';
import { utf8Sequences } from './utf8.js';

/**
 * A Thompson NFA over bytes: what both engines run (the lazy DFA decides whether a line
 * matches, the Pike VM finds where). Instructions live in typed arrays:
 * - BYTE: consume one byte in set `x` (a 256-entry row of `sets`), go to `y`;
 * - SPLIT: go to `x` and to `y` (`x` first: it has priority in leftmost-first matching);
 * - ASSERT: a zero-width test of kind `x` (ASSERT_*), then go to `y`;
 * - MATCH.
 * The program is anchored at `start`: the engines try every position themselves.
 */
export const OP_BYTE = 0;
export const OP_SPLIT = 1;
export const OP_ASSERT = 2;
export const OP_MATCH = 3;

export const ASSERT_BOL = 0;
export const ASSERT_EOL = 1;
export const ASSERT_WORD = 2;
export const ASSERT_NOT_WORD = 3;

const ASSERT_CODES: Record<AssertKind, number> = {
  bol: ASSERT_BOL,
  eol: ASSERT_EOL,
  word: ASSERT_WORD,
  notWord: ASSERT_NOT_WORD,
};

/** The largest program compiled (instructions); larger patterns are refused as too complex. */
export const MAX_PROGRAM_SIZE = 30_000;

export interface Program {
  readonly op: Uint8Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Byte sets, 256 entries each (1: the byte is in the set). */
  readonly sets: Uint8Array;
  readonly start: number;
  readonly size: number;
  /** Whether any assertion is used (the DFA then tracks the previous byte's class). */
  readonly hasAssertions: boolean;
}

class Builder {
  op: number[] = [];
  x: number[] = [];
  y: number[] = [];
  setRows: Uint8Array[] = [];
  setKeys = new Map<string, number>();
  hasAssertions = false;

  constructor(private readonly limit: number) {}

  emit(op: number, x: number, y: number): number {
    if (this.op.length >= this.limit) throw new PatternError('too-complex', PM.tooComplex);
    this.op.push(op);
    this.x.push(x);
    this.y.push(y);
    return this.op.length - 1;
  }

  set(ranges: readonly [number, number][]): number {
    const key = ranges.map(([lo, hi]) => `${lo}-${hi}`).join(',');
    const known = this.setKeys.get(key);
    if (known !== undefined) return known;
    const row = new Uint8Array(256);
    for (const [lo, hi] of ranges) row.fill(1, lo, hi + 1);
    this.setRows.push(row);
    this.setKeys.set(key, this.setRows.length - 1);
    return this.setRows.length - 1;
  }

  /** A choice of `entries` in order of priority (a chain of splits); -1 for none. */
  choice(entries: number[]): number {
    if (entries.length === 0) return -1;
    let t = entries[entries.length - 1] as number;
    for (let k = entries.length - 2; k >= 0; k--) t = this.emit(OP_SPLIT, entries[k] as number, t);
    return t;
  }

  /** Compiles `node` to run before `next`; its entry. -1: the node can never match. */
  compile(node: RegexNode, next: number): number {
    switch (node.type) {
      case 'empty':
        return next;
      case 'chars': {
        const seqs = utf8Sequences(node.set);
        const ascii: [number, number][] = [];
        const entries: number[] = [];
        for (const seq of seqs) {
          if (seq.length === 1) ascii.push(seq[0] as [number, number]);
          else {
            let t = next;
            for (let k = seq.length - 1; k >= 0; k--)
              t = this.emit(OP_BYTE, this.set([seq[k] as [number, number]]), t);
            entries.push(t);
          }
        }
        if (ascii.length > 0) entries.unshift(this.emit(OP_BYTE, this.set(ascii), next));
        return this.choice(entries);
      }
      case 'concat': {
        let t = next;
        for (let k = node.items.length - 1; k >= 0 && t !== -1; k--) {
          t = this.compile(node.items[k] as RegexNode, t);
        }
        return t;
      }
      case 'alt':
        return this.choice(
          node.items.map((item) => this.compile(item, next)).filter((e) => e !== -1),
        );
      case 'assert':
        this.hasAssertions = true;
        return this.emit(OP_ASSERT, ASSERT_CODES[node.kind], next);
      case 'repeat':
        return this.repeat(node, next);
    }
  }

  private repeat(node: Extract<RegexNode, { type: 'repeat' }>, next: number): number {
    const { item, min, max, greedy } = node;
    const pick = (body: number, out: number) =>
      body === -1 ? out : this.emit(OP_SPLIT, greedy ? body : out, greedy ? out : body);
    let t = next;
    if (max === -1) {
      // A loop: L = split(item → L, next).
      const loop = this.emit(OP_SPLIT, -1, -1);
      const body = this.compile(item, loop);
      if (body === -1) {
        this.op[loop] = OP_SPLIT;
        this.x[loop] = next;
        this.y[loop] = next;
      } else {
        this.x[loop] = greedy ? body : next;
        this.y[loop] = greedy ? next : body;
      }
      t = loop;
    } else {
      for (let k = 0; k < max - min; k++) t = pick(this.compile(item, t), next);
    }
    for (let k = 0; k < min && t !== -1; k++) t = this.compile(item, t);
    return t;
  }
}

/** Compiles a parsed pattern; a PatternError `too-complex` when the program would be too large. */
export function compileProgram(node: RegexNode, limit = MAX_PROGRAM_SIZE): Program {
  const b = new Builder(limit);
  const match = b.emit(OP_MATCH, 0, 0);
  let start = b.compile(node, match);
  if (start === -1) {
    // Nothing can match (an empty class): a program that fails on every byte.
    start = b.emit(OP_BYTE, b.set([]), match);
  }
  const sets = new Uint8Array(Math.max(1, b.setRows.length) * 256);
  b.setRows.forEach((row, k) => sets.set(row, k * 256));
  return {
    op: Uint8Array.from(b.op),
    x: Int32Array.from(b.x),
    y: Int32Array.from(b.y),
    sets,
    start,
    size: b.op.length,
    hasAssertions: b.hasAssertions,
  };
}
