import { isWordByte } from './char-set.js';
import {
  ASSERT_BOL,
  ASSERT_EOL,
  ASSERT_WORD,
  OP_ASSERT,
  OP_BYTE,
  OP_MATCH,
  OP_SPLIT,
  type Program,
} from './program.js';

/** A match: [start, end) byte offsets in the buffer. */
export type Span = [number, number];

/**
 * The Pike VM (Thompson's simulation with thread priorities): runs a program over a line in
 * O(line length × program size), whatever the pattern, and finds leftmost-first matches as
 * JavaScript's RegExp does. The DFA decides whether lines match; this finds where, only for
 * the lines a page returns, and stands in for the DFA when its cache thrashes.
 */
export class PikeVm {
  private readonly denseA: Int32Array;
  private readonly denseB: Int32Array;
  private readonly startA: Int32Array;
  private readonly startB: Int32Array;
  private readonly stack: Int32Array;
  /** Generation marks of the sparse set (a pc is in the list when its mark is current). */
  private readonly mark: Int32Array;
  private generation = 1;
  /** Steps taken (thread visits), for tests of the linear bound. */
  steps = 0;

  constructor(private readonly prog: Program) {
    const n = prog.size;
    this.denseA = new Int32Array(n);
    this.denseB = new Int32Array(n);
    this.startA = new Int32Array(n);
    this.startB = new Int32Array(n);
    this.stack = new Int32Array(n * 2 + 2);
    this.mark = new Int32Array(n);
  }

  /**
   * Adds `pc` and what it reaches without consuming a byte (in priority order) to the list
   * `dense`, whose current length is `count`; returns the new length, or -1 - length when a
   * MATCH was reached (only reported when `stopAtMatch`).
   */
  private add(
    dense: Int32Array,
    starts: Int32Array,
    count: number,
    pc0: number,
    start: number,
    buf: Uint8Array,
    lineStart: number,
    lineEnd: number,
    i: number,
  ): number {
    const { op, x, y } = this.prog;
    const stack = this.stack;
    const mark = this.mark;
    const gen = this.generation;
    let sp = 0;
    stack[sp++] = pc0;
    while (sp > 0) {
      const pc = stack[--sp] as number;
      if (mark[pc] === gen) continue;
      mark[pc] = gen;
      this.steps++;
      const o = op[pc];
      if (o === OP_SPLIT) {
        // x has priority: pushed last, visited first.
        stack[sp++] = y[pc] as number;
        stack[sp++] = x[pc] as number;
      } else if (o === OP_ASSERT) {
        const kind = x[pc];
        let ok: boolean;
        if (kind === ASSERT_BOL) ok = i === lineStart;
        else if (kind === ASSERT_EOL) ok = i === lineEnd;
        else {
          const before = i > lineStart && isWordByte(buf[i - 1] as number);
          const after = i < lineEnd && isWordByte(buf[i] as number);
          ok = (before !== after) === (kind === ASSERT_WORD);
        }
        if (ok) stack[sp++] = y[pc] as number;
      } else {
        // BYTE and MATCH are kept as threads.
        dense[count] = pc;
        starts[count] = start;
        count++;
      }
    }
    return count;
  }

  /** The leftmost-first match starting at or after `from` in the line, or null. */
  private find(buf: Uint8Array, lineStart: number, lineEnd: number, from: number): Span | null {
    const { op, x, y, sets, start: entry } = this.prog;
    let clist = this.denseA;
    let cstart = this.startA;
    let nlist = this.denseB;
    let nstart = this.startB;
    let ccount = 0;
    let found: Span | null = null;
    this.generation++;
    for (let i = from; ; i++) {
      if (found === null) {
        ccount = this.add(clist, cstart, ccount, entry, i, buf, lineStart, lineEnd, i);
      }
      // No thread left: done once a match was found (else the next position starts one).
      if (ccount === 0 && found !== null) break;
      this.generation++;
      let ncount = 0;
      const b = i < lineEnd ? (buf[i] as number) : -1;
      for (let t = 0; t < ccount; t++) {
        const pc = clist[t] as number;
        this.steps++;
        if (op[pc] === OP_MATCH) {
          found = [cstart[t] as number, i];
          // Threads of lower priority are cut.
          break;
        }
        if (b >= 0 && op[pc] === OP_BYTE && sets[(x[pc] as number) * 256 + b] === 1) {
          ncount = this.add(
            nlist,
            nstart,
            ncount,
            y[pc] as number,
            cstart[t] as number,
            buf,
            lineStart,
            lineEnd,
            i + 1,
          );
        }
      }
      if (i >= lineEnd) break;
      [clist, nlist] = [nlist, clist];
      [cstart, nstart] = [nstart, cstart];
      ccount = ncount;
    }
    return found;
  }

  /** Every non-overlapping leftmost-first match in the line [start, end), at most `max`. */
  spans(buf: Uint8Array, start: number, end: number, max = Infinity): Span[] {
    const out: Span[] = [];
    let from = start;
    while (from <= end && out.length < max) {
      const m = this.find(buf, start, end, from);
      if (m === null) break;
      out.push(m);
      if (m[1] > m[0]) from = m[1];
      else {
        // An empty match: move on by one character (past its UTF-8 continuation bytes).
        from = m[1] + 1;
        while (from < end && ((buf[from] as number) & 0xc0) === 0x80) from++;
      }
    }
    return out;
  }

  /** Whether the line [start, end) holds a match. */
  matches(buf: Uint8Array, start: number, end: number): boolean {
    const { op, x, y, sets, start: entry } = this.prog;
    let clist = this.denseA;
    let nlist = this.denseB;
    const starts = this.startA;
    let ccount = 0;
    this.generation++;
    for (let i = start; ; i++) {
      ccount = this.add(clist, starts, ccount, entry, i, buf, start, end, i);
      this.generation++;
      let ncount = 0;
      const b = i < end ? (buf[i] as number) : -1;
      for (let t = 0; t < ccount; t++) {
        const pc = clist[t] as number;
        this.steps++;
        if (op[pc] === OP_MATCH) return true;
        if (b >= 0 && op[pc] === OP_BYTE && sets[(x[pc] as number) * 256 + b] === 1) {
          ncount = this.add(nlist, this.startB, ncount, y[pc] as number, 0, buf, start, end, i + 1);
        }
      }
      if (i >= end) return false;
      [clist, nlist] = [nlist, clist];
      ccount = ncount;
    }
  }
}
