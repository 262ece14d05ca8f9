import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteClasses } from './dfa.js';
import { BNDM_MAX, bndmFind, bndmMasks, byteFrequencies, type Prefilter } from './prefilter.js';
import { compileSearchPattern, contentEnd, LineMatcher } from './matcher.js';
import { encode, utf8Sequences } from './utf8.js';

/**
 * Patterns that JavaScript's RegExp reads the same way as .NET (and never backtracks badly on
 * these short lines): literals, classes, `.`, `\d \w \s`, `\b`, anchors, groups, alternation
 * and the quantifiers, greedy and lazy.
 */
const atom = fc.oneof(
  fc.constantFrom('a', 'b', 'c', ' ', '1', '_', '-', 'é'),
  fc.constantFrom('.', '[ab]', '[^a]', '[a-c1]', '\\d', '\\w', '\\s', '\\W', '[^\\s]', '\\.'),
);
const quantifier = fc.constantFrom(
  '',
  '',
  '',
  '*',
  '+',
  '?',
  '{2}',
  '{1,3}',
  '{0,2}',
  '*?',
  '+?',
  '??',
  '{1,2}?',
);
/**
 * `quantifiedGroups`: groups take quantifiers too. Only for whether lines match: where a
 * quantified group can match the empty string, RegExp rejects empty iterations (ECMAScript's
 * RepeatMatcher) and finds other spans than a Thompson NFA (RE2, .NET) would.
 */
const patterns = (quantifiedGroups: boolean): fc.Arbitrary<string> =>
  fc.letrec<{ re: string; seq: string; item: string }>((tie) => ({
    item: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(atom, quantifier).map(([a, q]) => a + q) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(tie('re'), quantifiedGroups ? quantifier : fc.constant(''))
          .map(([r, q]) => `(${r})${q}`),
      },
      { weight: 1, arbitrary: tie('re').map((r) => `(?:${r})`) },
    ),
    seq: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join('')),
    re: fc.oneof(
      { weight: 4, arbitrary: tie('seq') },
      { weight: 1, arbitrary: fc.tuple(tie('seq'), tie('seq')).map(([a, b]) => `${a}|${b}`) },
      { weight: 1, arbitrary: tie('seq').map((s) => `^${s}`) },
      { weight: 1, arbitrary: tie('seq').map((s) => `${s}$`) },
      { weight: 1, arbitrary: tie('seq').map((s) => `\\b${s}\\b`) },
    ),
  })).re;
const pattern = patterns(true);
const line = fc
  .array(fc.constantFrom('a', 'b', 'c', 'A', 'B', ' ', '1', '_', '-', '.', 'é', 'É', '\t'), {
    maxLength: 24,
  })
  .map((cs) => cs.join(''));

function ours(p: string, text: string, ignoreCase: boolean) {
  const m = new LineMatcher(compileSearchPattern(p, { ignoreCase }));
  const buf = Buffer.from(text);
  const spans = m
    .spans(buf, 0, buf.length)
    .map(([s, e]) => [buf.subarray(0, s).toString().length, buf.subarray(0, e).toString().length]);
  return { matches: m.lineMatches(buf, 0, buf.length), spans };
}

function theirs(p: string, text: string, ignoreCase: boolean) {
  const flags = ignoreCase ? 'giu' : 'gu';
  const spans = [...text.matchAll(new RegExp(p, flags))].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  return { matches: new RegExp(p, flags).test(text), spans };
}

describe('the engine against RegExp on patterns both read alike', { timeout: 60_000 }, () => {
  it('agrees on whether a line matches (lazy DFA), case-sensitive and not', () => {
    fc.assert(
      fc.property(pattern, line, fc.boolean(), (p, text, ignoreCase) => {
        expect(ours(p, text, ignoreCase).matches).toBe(theirs(p, text, ignoreCase).matches);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the same leftmost-first matches (Pike VM)', () => {
    fc.assert(
      fc.property(patterns(false), line, (p, text) => {
        expect(ours(p, text, false).spans).toEqual(theirs(p, text, false).spans);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same lines with and without a prefilter, in a buffer of many lines', () => {
    fc.assert(
      fc.property(pattern, fc.array(line, { maxLength: 30 }), (p, lines) => {
        const buf = Buffer.from(lines.map((l) => `${l}\n`).join(''));
        const starts = [0];
        for (const l of lines) starts.push((starts.at(-1) as number) + Buffer.byteLength(l) + 1);
        const m = new LineMatcher(compileSearchPattern(p));
        const expected = lines.flatMap((l, k) => (new RegExp(p, 'iu').test(l) ? [k] : []));
        const plain: number[] = [];
        m.matchLines(buf, starts, lines.length, null, (k) => plain.push(k) > 0);
        // The cheapest needle, whatever its cost: every byte rare.
        const filter = m.prefilter(new Float64Array(256).fill(1e-9));
        const filtered: number[] = [];
        m.matchLines(buf, starts, lines.length, filter, (k) => filtered.push(k) > 0);
        expect(plain).toEqual(expected);
        expect(filtered).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('scans of whole chunks (the DFA through many lines in one loop)', () => {
  /** Lines ended by LF or CR LF, the last maybe by nothing or a lone CR, empty lines too. */
  const chunk = fc.record({
    lines: fc.array(fc.oneof(line, fc.constant('')), { maxLength: 30 }),
    crlf: fc.array(fc.boolean(), { maxLength: 30 }),
    last: fc.constantFrom('\n', '\r\n', '', '\r'),
  });

  it('finds the lines RegExp finds, line by line, with and without a prefilter', () => {
    fc.assert(
      fc.property(pattern, chunk, fc.boolean(), fc.nat(3), (p, c, ignoreCase, pad) => {
        const ends = c.lines.map((_, k) =>
          k === c.lines.length - 1 ? c.last : c.crlf[k] ? '\r\n' : '\n',
        );
        const text = Buffer.from(' '.repeat(pad) + c.lines.map((l, k) => l + ends[k]).join(''));
        // Aligned, as the scans' chunks are, so that the idle skip runs too.
        const buf = new Uint8Array(new ArrayBuffer(Math.ceil(text.length / 4) * 4 + 4));
        buf.set(text);
        const starts = [pad];
        for (const [k, l] of c.lines.entries())
          starts.push((starts.at(-1) as number) + Buffer.byteLength(l + ends[k]));
        const flags = ignoreCase ? 'iu' : 'u';
        // A last line with nothing in it and no end is no line.
        const count = c.lines.length - (c.last === '' && c.lines.at(-1) === '' ? 1 : 0);
        const expected = c.lines
          .slice(0, count)
          .flatMap((l, k) => (new RegExp(p, flags).test(l) ? [k] : []));
        const m = new LineMatcher(compileSearchPattern(p, { ignoreCase }));
        const lines = (prefilter: Prefilter | null) => {
          const out: number[] = [];
          m.matchChunk(buf, pad, starts[count] as number, prefilter, (at) => {
            // A position inside the line: at or after its start, before the next one.
            const k = starts.findLastIndex((s) => s <= at);
            expect(at).toBeLessThan(starts[k + 1] as number);
            out.push(k);
            return true;
          });
          return out;
        };
        expect(lines(null)).toEqual(expected);
        expect(lines(m.prefilter(new Float64Array(256).fill(1e-9)))).toEqual(expected);
        expect(lines(m.prefilter(byteFrequencies(text), text))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('stops at the line found answers false for, and says so', () => {
    const text = Buffer.from('a link down\nok\nlink down again\nlink down\n');
    const m = new LineMatcher(compileSearchPattern('link down'));
    for (const prefilter of [null, m.prefilter(new Float64Array(256).fill(1e-9))]) {
      const seen: number[] = [];
      expect(m.matchChunk(text, 0, text.length, prefilter, (at) => seen.push(at) < 2)).toBe(false);
      expect(seen.map((at) => text.subarray(0, at).toString().split('\n').length - 1)).toEqual([
        0, 2,
      ]);
      expect(m.matchChunk(text, 0, text.length, prefilter, () => true)).toBe(true);
    }
  });
});

describe('byte classes', () => {
  it('puts together the bytes no set tells apart, and gives line ends classes of their own', () => {
    // [a-c]x: {a,b,c}, {x}, LF, CR, the rest.
    expect(new LineMatcher(compileSearchPattern('(?-i)[a-c]x')).byteClassCount).toBe(5);
    // \b also tells word bytes from the others: {a,b,c}, {x}, other word bytes, LF, CR, the rest.
    expect(new LineMatcher(compileSearchPattern('(?-i)\\b[a-c]x')).byteClassCount).toBe(6);
  });

  it('gives every byte of a class the same transitions (all 256 bytes, after and before each)', () => {
    fc.assert(
      fc.property(pattern, fc.integer({ min: 0, max: 255 }), (p, b) => {
        const m = new LineMatcher(compileSearchPattern(p));
        const classes = byteClasses(m.pattern.program);
        const rep = classes.rep[classes.of[b] as number] as number;
        // The same answer with b and with its class's representative, wherever it stands.
        const around: [number[], number[]][] = [
          [[], []],
          [[0x61], [0x62]],
          [[0x20, 0x31], []],
        ];
        for (const [pre, post] of around) {
          const withB = Uint8Array.from([...pre, b, ...post]);
          const withRep = Uint8Array.from([...pre, rep, ...post]);
          if (b === 0x0a || rep === 0x0a) continue;
          expect(m.lineMatches(withB, 0, withB.length)).toBe(
            new LineMatcher(compileSearchPattern(p)).lineMatches(withRep, 0, withRep.length),
          );
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('BNDM (runs of byte sets found without reading most bytes)', () => {
  const naive = (buf: Uint8Array, run: Uint8Array[], from: number, limit: number) => {
    for (let p = from; p + run.length <= limit; p++) {
      if (run.every((set, q) => set[buf[p + q] as number] === 1)) return p;
    }
    return -1;
  };
  const set = fc
    .array(fc.constantFrom(0x61, 0x62, 0x63, 0x20, 0x0a), { minLength: 1, maxLength: 3 })
    .map((bytes) => {
      const s = new Uint8Array(256);
      for (const b of bytes) s[b] = 1;
      return s;
    });

  it('finds the first occurrence of a run as a naive search does', () => {
    fc.assert(
      fc.property(
        fc.array(set, { minLength: 1, maxLength: BNDM_MAX }),
        fc.array(fc.constantFrom(0x61, 0x62, 0x63, 0x20, 0x0a, 0x64), { maxLength: 200 }),
        fc.nat(),
        (run, bytes, f) => {
          const buf = Uint8Array.from(bytes);
          const from = bytes.length === 0 ? 0 : f % bytes.length;
          const masks = bndmMasks(run);
          let at = from;
          for (;;) {
            const want = naive(buf, run, at, buf.length);
            expect(bndmFind(buf, masks, run.length, at, buf.length)).toBe(want);
            if (want < 0) break;
            at = want + 1;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is chosen for a case-insensitive word whose letters are all common, and finds its lines', () => {
    const text = Buffer.from(
      Array.from({ length: 400 }, (_, k) =>
        k % 97 === 5
          ? `x ERROR [modem] lock lost ${k}\n`
          : `INFO [tracker] modem error rate ${k}\n`,
      ).join(''),
    );
    const m = new LineMatcher(compileSearchPattern('error \\[modem\\]'));
    const p = m.prefilter(byteFrequencies(text), text);
    expect(p?.needles.map((n) => [n.kind, n.run.length])).toEqual([['bndm', 13]]);
    expect(p?.exact).toBe(true);
    const lines: number[] = [];
    m.matchChunk(
      text,
      0,
      text.length,
      p ?? null,
      (at) => lines.push(text.subarray(0, at).toString().split('\n').length - 1) > 0,
    );
    expect(lines).toEqual([5, 102, 199, 296, 393]);
  });

  it('reads a class repeated at least once as a position of the runs beside it', () => {
    const text = Buffer.from('ERROR [modem] rx lock lost\nINFO [gps] fix\n'.repeat(50));
    const m = new LineMatcher(compileSearchPattern('error \\[[a-z]+\\] [a-z]+ lock'));
    const p = m.prefilter(new Float64Array(256).fill(0.01), null);
    // "error [" and one letter, or one letter and "] ", or " lock": each with its class.
    const runs = p?.needles.map((n) => n.run.length);
    expect(runs).toBeDefined();
    expect([8, 3, 5]).toContain(runs?.[0]);
    const lines: number[] = [];
    m.matchChunk(text, 0, text.length, p ?? null, () => lines.push(1) > 0);
    expect(lines).toHaveLength(50);
  });
});

describe('the idle skip (four bytes at a time while no match is under way)', () => {
  it('finds the same lines as byte by byte, wherever a line starts', () => {
    fc.assert(
      fc.property(pattern, fc.array(line, { maxLength: 12 }), fc.nat(3), (p, lines, pad) => {
        // An aligned buffer (as the scans' chunks are), the lines starting at any offset.
        const text = Buffer.from(' '.repeat(pad) + lines.map((l) => `${l} ${l}\n`).join(''));
        const buf = new Uint8Array(new ArrayBuffer(Math.ceil(text.length / 4) * 4 + 4));
        buf.set(text);
        const words = new Uint32Array(buf.buffer);
        const skipping = new LineMatcher(compileSearchPattern(p));
        const plain = new LineMatcher(compileSearchPattern(p));
        let at = pad;
        for (const l of lines) {
          const end = at + Buffer.byteLength(`${l} ${l}`);
          expect(skipping.lineMatches(buf, at, end, words)).toBe(plain.lineMatches(buf, at, end));
          at = end + 1;
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hostile patterns run in linear time', () => {
  const oneMegabyte = Buffer.alloc(1 << 20, 'a');
  // `(a+)+$` against a line of a's that ends in b: RegExp takes exponential time.
  const endsInB = Buffer.concat([Buffer.alloc((1 << 20) - 1, 'a'), Buffer.from('b')]);

  it.each([
    ['(a+)+$', endsInB],
    ['(.*a){20}', Buffer.alloc(1 << 20, 'b')],
    ['(a|aa)*c', oneMegabyte],
    ['((a*)*)*b', oneMegabyte],
    ['(x+x+)+y', Buffer.alloc(1 << 20, 'x')],
    ['(\\w+\\s?)*$', Buffer.concat([Buffer.alloc((1 << 20) - 1, 'w'), Buffer.from('!')])],
  ])(
    '%s on a 1 MiB line: the DFA builds few states, the Pike VM takes steps in proportion',
    (p, buf) => {
      const m = new LineMatcher(compileSearchPattern(p));
      const started = Date.now();
      m.lineMatches(buf, 0, buf.length);
      const size = compileSearchPattern(p).program.size;
      // At most one new state per byte, each built in time linear in the program.
      expect(m.dfaStatesCreated).toBeLessThanOrEqual(buf.length + 1);
      // The Pike VM: at most two visits of each instruction per byte (one thread list, one closure).
      const spans = m.spans(buf, 0, 64 * 1024);
      expect(m.pikeSteps).toBeLessThanOrEqual((64 * 1024 + 1) * size * 2 + size);
      void spans;
      // A generous bound (RegExp takes minutes or more on some of these).
      expect(Date.now() - started).toBeLessThan(20_000);
    },
  );

  it('falls back to the Pike VM when the DFA cache thrashes, with the same answers', () => {
    // a[ab]{12}x must remember the last 13 bytes: up to 8192 states, and a cache of 16 thrashes.
    const p = compileSearchPattern('a[ab]{12}x');
    const m = new LineMatcher(p, { dfaStates: 16 });
    let seed = 42;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const text = Buffer.from(
      Array.from({ length: 1 << 18 }, () => (random() < 0.5 ? 'a' : 'b')).join(''),
    );
    const sample = Buffer.from('bbabababababbbbx ababbbaaaabbax');
    const reference = new LineMatcher(p);
    expect(m.lineMatches(text, 0, text.length)).toBe(false);
    expect(m.usingPikeVm).toBe(true);
    expect(m.lineMatches(sample, 0, sample.length)).toBe(
      reference.lineMatches(sample, 0, sample.length),
    );
    expect(reference.lineMatches(sample, 0, sample.length)).toBe(true);
  });
});

describe('prefilters', () => {
  const text = Buffer.from(
    'aimd[733]: track sat 12 theta 33.1\nmodemd[748]: link down: rx lock lost\nkernel: eth1 rx 12 packets\n',
  );
  const freq = byteFrequencies(text);

  it('searches a literal for its rarest byte and confirms the match without the DFA', () => {
    const m = new LineMatcher(compileSearchPattern('(?-i)link down'));
    const p = m.prefilter(freq);
    expect(p?.exact).toBe(true);
    expect(p?.needles).toHaveLength(1);
    expect(p?.needles[0]?.run).toHaveLength(9);
    // Searched natively: the run from its rarest byte on.
    expect(p?.needles[0]?.native?.toString()).toMatch(/^[a-z ]+$/);
  });

  it('searches each branch of an alternation', () => {
    const rare = new Float64Array(256).fill(1e-6);
    const p = new LineMatcher(compileSearchPattern('lock lost|tx muted')).prefilter(rare);
    expect(p?.needles).toHaveLength(2);
    expect(p?.exact).toBe(false);
  });

  it('checks every needle that searches the byte hit (branches sharing their rarest byte)', () => {
    // w and W are the rarest bytes of both branches (case-insensitive: searched one by one, not
    // natively): a hit of "yaw sensor" must not be taken for a failed "link down" only.
    const freq = new Float64Array(256).fill(0.01);
    freq['w'.charCodeAt(0)] = 1e-6;
    freq['W'.charCodeAt(0)] = 1e-6;
    const m = new LineMatcher(compileSearchPattern('link down|yaw sensor'));
    const filter = m.prefilter(freq);
    expect(filter?.needles.map((n) => [n.native, String.fromCharCode(...n.searched)])).toEqual([
      [null, 'Ww'],
      [null, 'Ww'],
    ]);
    const buf = Buffer.from('a link down\nWARN [imu] yaw sensor timeout\nslow\n');
    const found: number[] = [];
    m.matchLines(buf, [0, 12, 42, 47], 3, filter, (k) => found.push(k) > 0);
    expect(found).toEqual([0, 1]);
  });

  it('has none when a branch has no needle, or the needle is common', () => {
    expect(new LineMatcher(compileSearchPattern('x|\\d+')).prefilter(freq)).toBeNull();
    expect(
      new LineMatcher(compileSearchPattern('a.*t')).prefilter(
        byteFrequencies(Buffer.from('at'.repeat(100))),
      ),
    ).toBeNull();
  });
});

describe('UTF-8', () => {
  it('encodes every code point of a set by exactly one sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x10ffff }),
        fc.integer({ min: 0, max: 0x3ffff }),
        fc.integer({ min: 0, max: 0x10ffff }),
        (lo, width, probe) => {
          const hi = Math.min(0x10ffff, lo + width);
          const seqs = utf8Sequences([lo, hi]);
          const bytes = encode(probe);
          const hits = seqs.filter(
            (s) =>
              s.length === bytes.length &&
              s.every(([a, z], k) => (bytes[k] as number) >= a && (bytes[k] as number) <= z),
          ).length;
          const inside = probe >= lo && probe <= hi && !(probe >= 0xd800 && probe <= 0xdfff);
          expect(hits).toBe(inside ? 1 : 0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('ends a line before its line feed and a carriage return', () => {
    const b = Buffer.from('ab\r\ncd\n');
    expect(contentEnd(b, 0, 4)).toBe(2);
    expect(contentEnd(b, 4, 7)).toBe(6);
  });
});
