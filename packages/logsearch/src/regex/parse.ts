import { alt, concat, EMPTY, type AssertKind, type RegexNode } from './ast.js';
import {
  ANY_BUT_NEWLINE,
  caseFold,
  DIGIT,
  negate,
  normalize,
  single,
  SPACE,
  subtract,
  WORD,
  type CharSet,
} from './char-set.js';
import { PATTERN_MESSAGES as PM, PatternError } from './errors.js';

/** The largest `{n,m}` count (RE2's limit too): larger ones are refused. */
export const MAX_REPEAT = 1000;

export interface ParseOptions {
  /** Case-insensitive unless the pattern says `(?-i)` (default true, decision 042). */
  ignoreCase?: boolean;
}

interface Flags {
  i: boolean;
  x: boolean;
}

/** A refusal found while parsing, thrown only if the whole pattern parses (see parseRegex). */
interface Unsupported {
  message: string;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9_]$/.test(c);
const isOctal = (c: string | undefined) => c !== undefined && c >= '0' && c <= '7';

/**
 * Parses a .NET-style regular expression (the syntax of the spec's log viewer, spec 001 §2):
 * literals and escapes, classes with ranges, negation and subtraction (`[a-z-[aeiou]]`),
 * `\d \w \s \D \W \S \b \B \A \z \Z`, `.`, `^ $`, groups `( )`, `(?: )`, named `(?<n> )` and
 * `(?'n' )`, comments `(?# )`, inline options `(?imnsx-imnsx)` and `(?i: )`, alternation and the
 * quantifiers `* + ? {n} {n,} {n,m}` with their lazy forms. Throws a PatternError: `syntax` for
 * what .NET would refuse too, `unsupported` for backreferences, lookaround, atomic groups,
 * conditionals, balancing groups, `\G`, Unicode categories and counts above MAX_REPEAT.
 */
export function parseRegex(pattern: string, options: ParseOptions = {}): RegexNode {
  const chars = [...pattern];
  // UTF-16 offsets of each code point, for messages.
  const offsets: number[] = [];
  {
    let at = 0;
    for (const c of chars) {
      offsets.push(at);
      at += c.length;
    }
    offsets.push(at);
  }
  let pos = 0;
  let unsupported: Unsupported | null = null;
  /** Capturing groups opened so far (`\12` is a backreference only when group 12 exists). */
  let groups = 0;

  const at = (k = 0) => chars[pos + k];
  const offset = (p = pos) => offsets[Math.min(p, offsets.length - 1)] as number;
  function syntax(message: string, p = pos): never {
    throw new PatternError('syntax', message, offset(p));
  }
  const refuse = (construct: string, p: number, linear = true) => {
    unsupported ??= {
      message: linear
        ? PM.unsupported(construct, offset(p))
        : PM.unsupportedFeature(construct, offset(p)),
    };
  };

  function skipExtended(flags: Flags): void {
    if (!flags.x) return;
    for (;;) {
      const c = at();
      if (c !== undefined && /\s/.test(c)) pos++;
      else if (c === '#') {
        while (at() !== undefined && at() !== '\n') pos++;
      } else return;
    }
  }

  function charNode(cp: number, flags: Flags): RegexNode {
    const set = single(cp);
    return { type: 'chars', set: flags.i ? caseFold(set) : set };
  }

  /** \d \w \s and their negations hold both cases already: never folded. */
  function setNode(set: CharSet): RegexNode {
    return { type: 'chars', set };
  }

  /** `{n}`, `{n,}`, `{n,m}` at pos, or null when the brace is a literal. */
  function braces(): { min: number; max: number; end: number } | null {
    let p = pos + 1;
    let a = '';
    while (isDigit(chars[p])) a += chars[p++];
    if (a === '') return null;
    let b: string | null = a;
    if (chars[p] === ',') {
      p++;
      b = '';
      while (isDigit(chars[p])) b += chars[p++];
    }
    if (chars[p] !== '}') return null;
    const min = Number(a);
    const max = b === '' ? -1 : Number(b);
    return { min, max, end: p + 1 };
  }

  function isQuantifierAt(): boolean {
    const c = at();
    return c === '*' || c === '+' || c === '?' || (c === '{' && braces() !== null);
  }

  function quantified(atom: RegexNode, flags: Flags): RegexNode {
    skipExtended(flags);
    if (!isQuantifierAt()) return atom;
    const qStart = pos;
    let min: number;
    let max: number;
    const c = at();
    if (c === '*') [min, max, pos] = [0, -1, pos + 1];
    else if (c === '+') [min, max, pos] = [1, -1, pos + 1];
    else if (c === '?') [min, max, pos] = [0, 1, pos + 1];
    else {
      const b = braces() as { min: number; max: number; end: number };
      [min, max, pos] = [b.min, b.max, b.end];
      if (max !== -1 && min > max) syntax('Illegal {x,y} with x > y.', qStart);
    }
    let greedy = true;
    if (at() === '?') {
      greedy = false;
      pos++;
    }
    if (atom.type === 'assert' || atom.type === 'empty') {
      syntax('Quantifier following nothing.', qStart);
    }
    skipExtended(flags);
    if (isQuantifierAt()) syntax('Nested quantifier.', pos);
    if (min > MAX_REPEAT || max > MAX_REPEAT) {
      unsupported ??= { message: PM.repeatTooLarge(MAX_REPEAT) };
      // Parsed on as a bounded repeat, so a later syntax error still wins.
      return { type: 'repeat', item: atom, min: Math.min(min, 1), max: -1, greedy };
    }
    return { type: 'repeat', item: atom, min, max, greedy };
  }

  /** A hex number of exactly `n` digits at pos. */
  function hex(n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++) {
      const c = at();
      if (!isHex(c)) syntax('Insufficient hex digits.');
      v = v * 16 + parseInt(c as string, 16);
      pos++;
    }
    return v;
  }

  /**
   * An escape after the backslash at pos - 1, as a character or a class. `inClass`: `\b` is a
   * backspace and assertions are not allowed. Returns an assertion kind outside classes.
   */
  function escape(inClass: boolean): { cp: number } | { set: CharSet } | { assert: AssertKind } {
    const start = pos - 1;
    const c = at();
    if (c === undefined) syntax('Illegal \\ at end of pattern.', start);
    pos++;
    switch (c) {
      case 'd':
        return { set: DIGIT };
      case 'D':
        return { set: negate(DIGIT) };
      case 'w':
        return { set: WORD };
      case 'W':
        return { set: negate(WORD) };
      case 's':
        return { set: SPACE };
      case 'S':
        return { set: negate(SPACE) };
      case 'a':
        return { cp: 7 };
      case 't':
        return { cp: 9 };
      case 'n':
        return { cp: 10 };
      case 'v':
        return { cp: 11 };
      case 'f':
        return { cp: 12 };
      case 'r':
        return { cp: 13 };
      case 'e':
        return { cp: 27 };
      case 'x':
        return { cp: hex(2) };
      case 'u':
        return { cp: hex(4) };
      case 'c': {
        const l = at();
        if (l === undefined || !/^[A-Za-z@[\\\]^_]$/.test(l)) syntax('Missing control character.');
        pos++;
        return { cp: l.toUpperCase().charCodeAt(0) & 0x1f };
      }
      case '0': {
        let v = 0;
        for (let k = 0; k < 2 && isOctal(at()); k++) v = v * 8 + Number(chars[pos++]);
        return { cp: v };
      }
      case 'p':
      case 'P': {
        if (at() !== '{') syntax('Incomplete \\p{X} character escape.');
        while (at() !== undefined && at() !== '}') pos++;
        if (at() !== '}') syntax('Incomplete \\p{X} character escape.');
        pos++;
        refuse('a Unicode category (\\p{…})', start, false);
        return { set: ANY_BUT_NEWLINE };
      }
      case 'b':
        return inClass ? { cp: 8 } : { assert: 'word' };
      case 'B':
        if (inClass) syntax('Unrecognized escape sequence \\B.', start);
        return { assert: 'notWord' };
      case 'A':
        if (inClass) syntax('Unrecognized escape sequence \\A.', start);
        return { assert: 'bol' };
      case 'z':
      case 'Z':
        if (inClass) syntax(`Unrecognized escape sequence \\${c}.`, start);
        return { assert: 'eol' };
      case 'G':
        if (inClass) syntax('Unrecognized escape sequence \\G.', start);
        refuse('\\G (a match anchored where the last one ended)', start, false);
        return { assert: 'bol' };
      case 'k': {
        if (inClass) syntax('Unrecognized escape sequence \\k.', start);
        const close = at() === '<' ? '>' : at() === "'" ? "'" : null;
        if (close === null) syntax('Malformed \\k<...> named back reference.', start);
        pos++;
        while (at() !== undefined && at() !== close) pos++;
        if (at() !== close) syntax('Malformed \\k<...> named back reference.', start);
        pos++;
        refuse('a backreference (\\k<…>)', start);
        return { set: [] };
      }
      default:
        break;
    }
    if (isDigit(c)) {
      // \1 … \9 and longer: a backreference in .NET (inside a class, an octal escape).
      if (inClass) {
        let v = Number(c);
        for (let k = 0; k < 2 && isOctal(at()); k++) v = v * 8 + Number(chars[pos++]);
        if (!isOctal(c)) syntax(`Unrecognized escape sequence \\${c}.`, start);
        return { cp: v };
      }
      let text = c;
      while (isDigit(at())) text += chars[pos++] as string;
      if (text.length > 1 && Number(text) > groups && /^[0-7]{2,3}$/.test(text)) {
        // .NET: an octal character code when no such group exists.
        return { cp: parseInt(text, 8) };
      }
      if (text.length > 1 && Number(text) > groups) {
        syntax(`Reference to undefined group number ${text}.`, start);
      }
      refuse(`a backreference (\\${text})`, start);
      return { set: [] };
    }
    if (isWordChar(c)) syntax(`Unrecognized escape sequence \\${c}.`, start);
    return { cp: c.codePointAt(0) as number };
  }

  /** A class after its `[` (pos is past it): the set it matches, case folded when asked. */
  function charClass(flags: Flags): CharSet {
    const start = pos - 1;
    let negated = false;
    if (at() === '^') {
      negated = true;
      pos++;
    }
    const items: number[] = [];
    let subtracted: CharSet | null = null;
    let first = true;
    for (;;) {
      const c = at();
      if (c === undefined) syntax('Unterminated [] set.', start);
      if (c === ']' && !first) {
        pos++;
        break;
      }
      if (c === '-' && at(1) === '[' && !first) {
        // Subtraction: must be the last thing in the class.
        pos += 2;
        subtracted = charClass(flags);
        if (at() !== ']') syntax('A subtraction must be the last element in a character class.');
        pos++;
        break;
      }
      first = false;
      // One element: a character (maybe a range start) or a class escape.
      let lo: number;
      const elemStart = pos;
      if (c === '\\') {
        pos++;
        const e = escape(true);
        if ('set' in e) {
          items.push(...e.set);
          if (at() === '-' && at(1) !== ']' && at(1) !== undefined && at(1) !== '[') {
            syntax('Cannot include a class in a character range.', elemStart);
          }
          continue;
        }
        if ('assert' in e) syntax('Unrecognized escape sequence in a class.', elemStart);
        lo = e.cp;
      } else {
        lo = c.codePointAt(0) as number;
        pos++;
      }
      if (at() === '-' && at(1) !== ']' && at(1) !== undefined && at(1) !== '[') {
        pos++;
        let hi: number;
        if (at() === '\\') {
          pos++;
          const e = escape(true);
          if (!('cp' in e)) syntax('Cannot include a class in a character range.', elemStart);
          hi = e.cp;
        } else {
          hi = (at() as string).codePointAt(0) as number;
          pos++;
        }
        if (hi < lo) syntax('[x-y] range in reverse order.', elemStart);
        items.push(lo, hi);
      } else items.push(lo, lo);
    }
    let set = normalize(items);
    if (flags.i) set = caseFold(set);
    if (negated) set = negate(set);
    if (subtracted) set = subtract(set, subtracted);
    return set;
  }

  /** `(?…` after the `(?`: a group's kind, or inline options (null node, flags changed). */
  function specialGroup(flags: Flags, start: number): RegexNode | null {
    const c = at();
    const body = (groupFlags: Flags): RegexNode => {
      const node = alternation(groupFlags);
      if (at() !== ')') syntax("Not enough )'s.", start);
      pos++;
      return node;
    };
    if (c === ':') {
      pos++;
      return body({ ...flags });
    }
    if (c === '=' || c === '!') {
      pos++;
      refuse(c === '=' ? 'a lookahead "(?="' : 'a negative lookahead "(?!"', start);
      body({ ...flags });
      return EMPTY;
    }
    if (c === '>') {
      pos++;
      refuse('an atomic group "(?>"', start);
      return body({ ...flags });
    }
    if (c === '(') {
      refuse('a conditional "(?("', start);
      // Skip the condition (a group or a name) and parse the branches.
      pos++;
      let depth = 1;
      while (at() !== undefined && depth > 0) {
        if (at() === '\\') pos++;
        else if (at() === '(') depth++;
        else if (at() === ')') depth--;
        pos++;
      }
      if (depth > 0) syntax("Not enough )'s.", start);
      return body({ ...flags });
    }
    if (c === '#') {
      while (at() !== undefined && at() !== ')') pos++;
      if (at() !== ')') syntax('Unterminated (?#...) comment.', start);
      pos++;
      return EMPTY;
    }
    if (c === '<' || c === "'") {
      const close = c === '<' ? '>' : "'";
      if (c === '<' && (at(1) === '=' || at(1) === '!')) {
        pos += 2;
        refuse(at(-1) === '=' ? 'a lookbehind "(?<="' : 'a negative lookbehind "(?<!"', start);
        body({ ...flags });
        return EMPTY;
      }
      pos++;
      let name = '';
      while (at() !== undefined && at() !== close) name += chars[pos++];
      if (at() !== close) syntax('Unrecognized grouping construct.', start);
      pos++;
      groups++;
      if (name.includes('-')) {
        refuse('a balancing group "(?<name1-name2>"', start);
      } else if (!/^(?:\d+|[\p{L}_][\p{L}\p{Nd}_]*)$/u.test(name)) {
        syntax('Invalid group name.', start);
      }
      return body({ ...flags });
    }
    // Inline options: (?imnsx-imnsx) for the rest of the group, or (?imnsx-imnsx: … ).
    let on = true;
    const next = { ...flags };
    let any = false;
    while (at() !== undefined && /^[imnsx-]$/.test(at() as string)) {
      const o = at() as string;
      pos++;
      any = true;
      if (o === '-') on = false;
      else if (o === 'i') next.i = on;
      else if (o === 'x') next.x = on;
      // m, s, n: line-by-line search makes them no-ops (decision 042).
    }
    if (any && at() === ')') {
      pos++;
      flags.i = next.i;
      flags.x = next.x;
      return null;
    }
    if (any && at() === ':') {
      pos++;
      return body(next);
    }
    return syntax('Unrecognized grouping construct.', start);
  }

  function atom(flags: Flags): RegexNode | null {
    const start = pos;
    const c = at() as string;
    switch (c) {
      case '(': {
        pos++;
        if (at() === '?') {
          pos++;
          return specialGroup(flags, start);
        }
        groups++;
        const node = alternation({ ...flags });
        if (at() !== ')') syntax("Not enough )'s.", start);
        pos++;
        return node;
      }
      case '[':
        pos++;
        return { type: 'chars', set: charClass(flags) };
      case '.':
        pos++;
        return { type: 'chars', set: ANY_BUT_NEWLINE };
      case '^':
        pos++;
        return { type: 'assert', kind: 'bol' };
      case '$':
        pos++;
        return { type: 'assert', kind: 'eol' };
      case '\\': {
        pos++;
        const e = escape(false);
        if ('assert' in e) return { type: 'assert', kind: e.assert };
        if ('set' in e) return setNode(e.set);
        return charNode(e.cp, flags);
      }
      case '*':
      case '+':
      case '?':
        return syntax(`Quantifier ${c} following nothing.`);
      case '{':
        if (braces() !== null) syntax('Quantifier {x,y} following nothing.');
        break;
      default:
        break;
    }
    pos++;
    return charNode(c.codePointAt(0) as number, flags);
  }

  function sequence(flags: Flags): RegexNode {
    const items: RegexNode[] = [];
    for (;;) {
      skipExtended(flags);
      const c = at();
      if (c === undefined || c === '|' || c === ')') break;
      const a = atom(flags);
      if (a === null) continue;
      items.push(quantified(a, flags));
    }
    return concat(items);
  }

  function alternation(flags: Flags): RegexNode {
    const branches = [sequence(flags)];
    while (at() === '|') {
      pos++;
      branches.push(sequence(flags));
    }
    return alt(branches);
  }

  const flags: Flags = { i: options.ignoreCase ?? true, x: false };
  const node = alternation(flags);
  if (at() === ')') syntax("Too many )'s.");
  if (unsupported !== null) {
    throw new PatternError('unsupported', (unsupported as Unsupported).message);
  }
  return node;
}

/** A node matching the text literally (an invalid pattern's fallback, spec 001 §5). */
export function literalNode(text: string, options: ParseOptions = {}): RegexNode {
  const ignoreCase = options.ignoreCase ?? true;
  return concat(
    [...text].map((c) => {
      const set = single(c.codePointAt(0) as number);
      return { type: 'chars', set: ignoreCase ? caseFold(set) : set };
    }),
  );
}
