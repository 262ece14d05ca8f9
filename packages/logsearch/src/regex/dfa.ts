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

/** Transition table values below zero. */
const UNKNOWN = -1;
/** The line matched before the byte that led here. */
export const DFA_MATCH = -2;
/** No match can follow in this line. */
export const DFA_DEAD = -3;
/**
 * The carriage return's column: a CR followed by a line feed ends the line (scans of chunks of
 * lines), any other is a byte of the line whose transition is kept aside (`crNext`).
 */
const CR_MARK = -4;

const LF = 0x0a;
const CR = 0x0d;

const FLAG_PREV_WORD = 1;
const FLAG_AT_START = 2;

/** States cached at once by default, at most (the table is also held to DFA_TABLE_BYTES). */
export const DEFAULT_DFA_STATES = 16_384;
/** The transition table's largest size (4 bytes a transition). */
const DFA_TABLE_BYTES = 4 * 1024 * 1024;

/**
 * The byte classes of a program (RE2's): bytes that no set of the program tells apart (nor
 * the assertions, nor the line's end) share a class, so a DFA state needs one transition per
 * class instead of 256. The line feed and the carriage return each have a class of their own.
 */
export interface ByteClasses {
  /** The class of each byte. */
  readonly of: Uint8Array;
  readonly count: number;
  /** A byte of each class. */
  readonly rep: Uint8Array;
}

export function byteClasses(prog: Program): ByteClasses {
  const of = new Uint8Array(256);
  let count = 1;
  const split = (member: (b: number) => boolean) => {
    const ids = new Map<number, number>();
    for (let b = 0; b < 256; b++) {
      const key = (of[b] as number) * 2 + (member(b) ? 1 : 0);
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      of[b] = id;
    }
    count = ids.size;
  };
  const rows = new Set<number>();
  for (let pc = 0; pc < prog.size; pc++)
    if (prog.op[pc] === OP_BYTE) rows.add(prog.x[pc] as number);
  for (const r of rows) split((b) => prog.sets[r * 256 + b] === 1);
  split((b) => b === LF);
  split((b) => b === CR);
  if (prog.hasAssertions) split(isWordByte);
  const rep = new Uint8Array(count);
  for (let b = 255; b >= 0; b--) rep[of[b] as number] = b;
  return { of, count, rep };
}

/**
 * A lazily built DFA deciding whether a line holds a match (RE2's approach): a state is a set
 * of program positions (plus whether the previous byte was a word byte, and whether it is the
 * line's start, for the assertions), built the first time a byte leads to it and cached in a
 * table of one transition per byte class, so most bytes cost one table load (and the load of
 * their class, which does not wait for the previous byte's). Work is linear in the line's
 * length whatever the pattern: each byte creates at most one state, in time linear in the
 * program. The cache is bounded: when it is full it is cleared and built again from the
 * current state (`resets` counts it).
 *
 * Unanchored: every position of the line may start a match (the start is added to each
 * state's closure) unless every match must begin at the line's start (`^…`), when states empty
 * out and the line is left early (DEAD).
 *
 * Lines never hold a line feed (they are split on it): the line feed's transitions are those of
 * a line's end, to the start state or DFA_MATCH, so that `scanLines` runs through a chunk of
 * many lines in one loop.
 */
export class LazyDfa {
  private trans: Int32Array;
  private eol: Int8Array;
  /** The carriage return's transition of each state, as a byte of its line. */
  private crNext: Int32Array;
  private readonly cores: Int32Array[] = [];
  private readonly flags: number[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly unanchored: boolean;
  private readonly trackWords: boolean;
  /** Byte classes: the table has `stride` transitions per state. */
  readonly classes: ByteClasses;
  private readonly stride: number;
  private readonly lfClass: number;
  private readonly crClass: number;
  private readonly capacity: number;
  // Scratch: a sparse set for closures and one for the next core, and a stack.
  private readonly seen: Int32Array;
  private gen = 1;
  private readonly stack: Int32Array;
  private readonly bytePcs: Int32Array;
  private readonly nextSeen: Int32Array;
  private readonly nextList: Int32Array;
  private nextGen = 1;
  /** The start state (premultiplied index), rebuilt after a reset. */
  private start: number;
  /**
   * The idle skip (patterns without assertions, unanchored): undefined until first asked for;
   * null when it cannot be used (a pattern that matches the empty string).
   */
  private idle: IdleTables | null | undefined = undefined;
  /** States created and cache resets since the DFA was made, for the fallback heuristics. */
  statesCreated = 0;
  resets = 0;

  constructor(
    private readonly prog: Program,
    capacity?: number,
  ) {
    this.classes = byteClasses(prog);
    this.stride = this.classes.count;
    this.lfClass = this.classes.of[LF] as number;
    this.crClass = this.classes.of[CR] as number;
    this.capacity =
      capacity ?? Math.min(DEFAULT_DFA_STATES, Math.floor(DFA_TABLE_BYTES / (4 * this.stride)));
    // The table grows as states are made, up to the capacity (most patterns need a few dozen).
    const initial = Math.min(this.capacity, 16);
    this.trans = new Int32Array(initial * this.stride);
    this.eol = new Int8Array(initial);
    this.crNext = new Int32Array(initial);
    const n = prog.size;
    this.seen = new Int32Array(n);
    this.stack = new Int32Array(n * 2 + 2);
    this.bytePcs = new Int32Array(n);
    this.nextSeen = new Int32Array(n);
    this.nextList = new Int32Array(n);
    this.trackWords = prog.hasAssertions;
    this.unanchored = !this.startNeedsLineStart();
    this.start = this.intern(this.startCore(), prog.hasAssertions ? FLAG_AT_START : 0);
  }

  /**
   * The start state's program positions. Unanchored, the start is in every closure anyway and
   * is left out of every state: the start state is then also the state of "no match under
   * way", which the idle skip (below) relies on.
   */
  private startCore(): Int32Array {
    return this.unanchored ? new Int32Array(0) : Int32Array.of(this.prog.start);
  }

  /** Whether every path from the start meets `^` before consuming a byte or matching. */
  private startNeedsLineStart(): boolean {
    const { op, x, y } = this.prog;
    const seen = new Set<number>();
    const stack = [this.prog.start];
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (seen.has(pc)) continue;
      seen.add(pc);
      const o = op[pc];
      if (o === OP_SPLIT) stack.push(x[pc] as number, y[pc] as number);
      else if (o === OP_ASSERT) {
        if (x[pc] !== ASSERT_BOL) stack.push(y[pc] as number);
      } else return false;
    }
    return true;
  }

  /** The state of `core` and `flags` (premultiplied index), created when new. */
  private intern(core: Int32Array, flags: number): number {
    const key = `${flags}:${core.join(',')}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known * this.stride;
    if (this.cores.length >= this.capacity) this.clear();
    const id = this.cores.length;
    if (id >= this.eol.length) this.grow();
    this.cores.push(core);
    this.flags.push(flags);
    this.byKey.set(key, id);
    const row = id * this.stride;
    this.trans.fill(UNKNOWN, row, row + this.stride);
    this.trans[row + this.crClass] = CR_MARK;
    this.eol[id] = -1;
    this.crNext[id] = UNKNOWN;
    this.statesCreated++;
    return row;
  }

  private grow(): void {
    const n = Math.min(this.capacity, this.eol.length * 2);
    const trans = new Int32Array(n * this.stride);
    trans.set(this.trans);
    const eol = new Int8Array(n);
    eol.set(this.eol);
    const crNext = new Int32Array(n);
    crNext.set(this.crNext);
    this.trans = trans;
    this.eol = eol;
    this.crNext = crNext;
  }

  private clear(): void {
    this.cores.length = 0;
    this.flags.length = 0;
    this.byKey.clear();
    this.resets++;
  }

  /**
   * The closure of a state given what follows (`next`: a byte, or -1 for the line's end):
   * the byte-consuming positions go to `bytePcs` (count returned), -1 - count when MATCH is
   * reached.
   */
  private closure(core: Int32Array, flags: number, next: number): number {
    const { op, x, y } = this.prog;
    const stack = this.stack;
    const seen = this.seen;
    const gen = ++this.gen;
    const prevWord = (flags & FLAG_PREV_WORD) !== 0;
    const atStart = (flags & FLAG_AT_START) !== 0;
    const nextWord = next >= 0 && isWordByte(next);
    let sp = 0;
    for (let k = core.length - 1; k >= 0; k--) stack[sp++] = core[k] as number;
    if (this.unanchored) stack[sp++] = this.prog.start;
    let count = 0;
    let matched = false;
    while (sp > 0) {
      const pc = stack[--sp] as number;
      if (seen[pc] === gen) continue;
      seen[pc] = gen;
      const o = op[pc];
      if (o === OP_BYTE) this.bytePcs[count++] = pc;
      else if (o === OP_SPLIT) {
        stack[sp++] = y[pc] as number;
        stack[sp++] = x[pc] as number;
      } else if (o === OP_ASSERT) {
        const kind = x[pc];
        const ok =
          kind === ASSERT_BOL
            ? atStart
            : kind === ASSERT_EOL
              ? next < 0
              : (prevWord !== nextWord) === (kind === ASSERT_WORD);
        if (ok) stack[sp++] = y[pc] as number;
      } else if (o === OP_MATCH) matched = true;
    }
    return matched ? -1 - count : count;
  }

  /**
   * Computes (and caches) the transition of state `s` (premultiplied) on class `c`: the line
   * feed's is the line's end (to the start state, or DFA_MATCH when the line matched), the
   * carriage return's is kept in `crNext`.
   */
  private compute(s: number, c: number): number {
    const id = s / this.stride;
    if (c === this.lfClass) {
      const t = this.matchesAtEnd(s) ? DFA_MATCH : this.start;
      this.trans[s + c] = t;
      return t;
    }
    const b = this.classes.rep[c] as number;
    const core = this.cores[id] as Int32Array;
    const flags = this.flags[id] as number;
    const count = this.closure(core, flags, b);
    let target: number;
    if (count < 0) target = DFA_MATCH;
    else {
      const { x, y, sets } = this.prog;
      const gen = ++this.nextGen;
      let n = 0;
      for (let k = 0; k < count; k++) {
        const pc = this.bytePcs[k] as number;
        if (sets[(x[pc] as number) * 256 + b] === 1) {
          const to = y[pc] as number;
          if (this.unanchored && to === this.prog.start) continue;
          if (this.nextSeen[to] !== gen) {
            this.nextSeen[to] = gen;
            this.nextList[n++] = to;
          }
        }
      }
      if (n === 0 && !this.unanchored) target = DFA_DEAD;
      else {
        const next = this.nextList.slice(0, n).sort();
        const nextFlags = this.trackWords && isWordByte(b) ? FLAG_PREV_WORD : 0;
        const before = this.resets;
        target = this.intern(next, nextFlags);
        if (this.resets !== before) {
          // The cache was cleared: `s` is gone; the caller carries on from the target.
          this.start = this.intern(this.startCore(), this.prog.hasAssertions ? FLAG_AT_START : 0);
          return target;
        }
      }
    }
    if (c === this.crClass) this.crNext[id] = target;
    else this.trans[s + c] = target;
    return target;
  }

  /** The transition of `s` on the byte `b` of a line, when the table's is not a state. */
  private slowStep(s: number, b: number, t: number): number {
    if (t === UNKNOWN) return this.compute(s, this.classes.of[b] as number);
    if (t === CR_MARK) {
      const cached = this.crNext[s / this.stride] as number;
      return cached === UNKNOWN ? this.compute(s, this.crClass) : cached;
    }
    return t;
  }

  /** Whether the line matches when it ends in state `s`. */
  private matchesAtEnd(s: number): boolean {
    const id = s / this.stride;
    let v = this.eol[id] as number;
    if (v < 0) {
      v = this.closure(this.cores[id] as Int32Array, this.flags[id] as number, -1) < 0 ? 1 : 0;
      this.eol[id] = v;
    }
    return v === 1;
  }

  /** The state at a line's start. */
  startState(): number {
    return this.start;
  }

  /**
   * Runs bytes [from, to) of a line from state `s`: the state reached, or DFA_MATCH / DFA_DEAD
   * as soon as the outcome is known. For lines read in several pieces.
   */
  run(s: number, buf: Uint8Array, from: number, to: number): number {
    let T = this.trans;
    const C = this.classes.of;
    const end = to | 0;
    for (let i = from | 0; i < end; i++) {
      const b = buf[i] as number;
      let t = T[s + (C[b] as number)] as number;
      if (t < 0) {
        t = this.slowStep(s, b, t);
        if (t < 0) return t;
        T = this.trans;
      }
      s = t;
    }
    return s;
  }

  /** Whether a line that ended in state `s` (from `run`) matched. */
  endsInMatch(s: number): boolean {
    if (s === DFA_MATCH) return true;
    if (s === DFA_DEAD) return false;
    return this.matchesAtEnd(s);
  }

  /** The idle skip's tables, built on first use; null when it does not apply. */
  private idleTables(): IdleTables | null {
    if (this.idle === undefined) {
      this.idle = null;
      if (this.unanchored && !this.prog.hasAssertions && !this.matchesAtEnd(this.start)) {
        const stay = new Uint8Array(256);
        const C = this.classes.of;
        let ok = true;
        for (let b = 0; b < 256 && ok; b++) {
          let t = this.trans[this.start + (C[b] as number)] as number;
          if (t === UNKNOWN) t = this.compute(this.start, C[b] as number);
          if (t === DFA_MATCH) ok = false;
          stay[b] = t === this.start ? 1 : 0;
        }
        if (ok && this.resets === 0) {
          const pair = new Uint8Array(65536);
          for (let lo = 0; lo < 256; lo++) {
            if (stay[lo] === 0) continue;
            for (let hi = 0; hi < 256; hi++) pair[lo | (hi << 8)] = stay[hi] as number;
          }
          this.idle = { stay, pair };
        }
      }
    }
    return this.idle;
  }

  /**
   * Whether the line [from, to) holds a match. `words`: the same bytes as 32-bit words (a view
   * of buf's memory from buf's start, which must be 4-byte aligned), for the idle skip.
   */
  lineMatches(
    buf: Uint8Array,
    from: number,
    to: number,
    words: Uint32Array | null = null,
  ): boolean {
    let T = this.trans;
    const C = this.classes.of;
    let s = this.start;
    // NOTE: int32 bounds (`| 0`): offsets read from a Float64Array are doubles, and a double
    // loop index makes every `buf[i]` a slow keyed load (4-5x slower).
    const end = to | 0;
    let i = from | 0;
    const idle = words !== null ? this.idleTables() : null;
    for (;;) {
      if (idle !== null && s === this.start) i = idleSkip(idle, buf, words as Uint32Array, i, end);
      // Four bytes at a time while every transition is a known state (about 1.5x faster).
      let special = false;
      while (i + 4 <= end) {
        let t = T[s + (C[buf[i] as number] as number)] as number;
        if (t < 0) {
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 1] as number] as number)] as number;
        if (t < 0) {
          i += 1;
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 2] as number] as number)] as number;
        if (t < 0) {
          i += 2;
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 3] as number] as number)] as number;
        if (t < 0) {
          i += 3;
          special = true;
          break;
        }
        s = t;
        i += 4;
        if (idle !== null && s === this.start) break;
      }
      if (i >= end) return this.matchesAtEnd(s);
      if (!special && idle !== null && s === this.start && i + 4 <= end) continue;
      // One byte the slow way: a match, a dead end, a state not built yet, or the last bytes.
      const b = buf[i] as number;
      let t = T[s + (C[b] as number)] as number;
      if (t < 0) {
        t = this.slowStep(s, b, t);
        if (t === DFA_MATCH) return true;
        if (t === DFA_DEAD) return false;
        T = this.trans;
      }
      s = t;
      i++;
    }
  }

  /**
   * Runs through a chunk of whole lines [from, to) (each ended by a line feed, or by a carriage
   * return and a line feed; the last may end at `to` without one) in one loop, the line feeds'
   * transitions being the lines' ends. Calls `found(i)` with a position i inside each line that
   * matches, in order (the line is left at once for the next), and stops when it answers false:
   * returns false then, true when the chunk was run through. `words` as for lineMatches;
   * `text` is buf as a Buffer (its native search finds the end of a matched line).
   */
  scanLines(
    buf: Uint8Array,
    text: Buffer,
    from: number,
    to: number,
    words: Uint32Array | null,
    found: (at: number) => boolean,
  ): boolean {
    let T = this.trans;
    const C = this.classes.of;
    let s = this.start;
    const end = to | 0;
    let i = from | 0;
    const idle = words !== null ? this.idleTables() : null;
    for (;;) {
      if (idle !== null && s === this.start) i = idleSkip(idle, buf, words as Uint32Array, i, end);
      let special = false;
      while (i + 4 <= end) {
        let t = T[s + (C[buf[i] as number] as number)] as number;
        if (t < 0) {
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 1] as number] as number)] as number;
        if (t < 0) {
          i += 1;
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 2] as number] as number)] as number;
        if (t < 0) {
          i += 2;
          special = true;
          break;
        }
        s = t;
        t = T[s + (C[buf[i + 3] as number] as number)] as number;
        if (t < 0) {
          i += 3;
          special = true;
          break;
        }
        s = t;
        i += 4;
        if (idle !== null && s === this.start) break;
      }
      if (i >= end) break;
      if (!special && idle !== null && s === this.start && i + 4 <= end) continue;
      const b = buf[i] as number;
      let t = T[s + (C[b] as number)] as number;
      if (t < 0) {
        if (t === CR_MARK && (i + 1 === end || buf[i + 1] === LF)) {
          // CR LF (or a CR that ends the chunk): the line ends before the CR.
          t = T[s + this.lfClass] as number;
          if (t === UNKNOWN) t = this.compute(s, this.lfClass);
          if (t !== DFA_MATCH) {
            // The chunk's last line ends with this CR: decided.
            if (i + 1 === end) return true;
            T = this.trans;
            s = this.start;
            i += 2;
            continue;
          }
        } else t = this.slowStep(s, b, t);
        T = this.trans;
        if (t === DFA_MATCH || t === DFA_DEAD) {
          if (t === DFA_MATCH && !found(i)) return false;
          // On to the next line.
          const nl = text.indexOf(LF, i);
          s = this.start;
          if (nl < 0 || nl >= end) {
            i = end;
            // The last line was decided.
            return true;
          }
          i = nl + 1;
          continue;
        }
      }
      s = t;
      i++;
    }
    // The chunk's last line, without a line feed.
    if (end > (from | 0) && buf[end - 1] !== LF && this.matchesAtEnd(s)) return found(end - 1);
    return true;
  }
}

/**
 * The idle skip's tables: `stay[b]` is 1 when byte b keeps the start state (no match under
 * way) where it is, `pair` the same for two bytes (the low byte first), so the idle stretches
 * of a line are crossed four bytes a load.
 */
interface IdleTables {
  readonly stay: Uint8Array;
  readonly pair: Uint8Array;
}

/** Crosses the bytes that keep the start state, four at a time once aligned; the next byte. */
function idleSkip(
  idle: IdleTables,
  buf: Uint8Array,
  words: Uint32Array,
  from: number,
  end: number,
): number {
  const { stay, pair } = idle;
  let i = from;
  while ((i & 3) !== 0 && i < end && stay[buf[i] as number] === 1) i++;
  if ((i & 3) === 0) {
    let w = i >> 2;
    const last = end >> 2;
    while (w < last) {
      const v = words[w] as number;
      if (pair[v & 0xffff] === 0 || pair[v >>> 16] === 0) break;
      w++;
    }
    i = w << 2;
  }
  return i;
}
