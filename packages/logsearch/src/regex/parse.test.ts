import { describe, expect, it } from 'vitest';
import { compileSearchPattern, LineMatcher } from './matcher.js';
import { PatternError } from './errors.js';

/** Whether `pattern` matches `line`, and the matched texts. */
function run(
  pattern: string,
  line: string,
  ignoreCase = true,
): { matches: boolean; texts: string[] } {
  const m = new LineMatcher(compileSearchPattern(pattern, { ignoreCase }));
  const buf = Buffer.from(line);
  return {
    matches: m.lineMatches(buf, 0, buf.length),
    texts: m.spans(buf, 0, buf.length).map(([s, e]) => buf.subarray(s, e).toString()),
  };
}

function refusal(pattern: string): PatternError {
  try {
    compileSearchPattern(pattern);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error(`${pattern} was accepted`);
}

describe('the .NET-style syntax', () => {
  it.each([
    ['link down', 'modemd[748]: link down: rx lock lost', ['link down']],
    ['rx\\s+lock\\s+(lost|acquired)', 'rx  lock acquired', ['rx  lock acquired']],
    ['\\d{2}:\\d{2}:\\d{2}', 'at 09:56:00.024', ['09:56:00']],
    ['\\bfail\\b', 'FAIL tests/fail failed', ['FAIL', 'fail']],
    ['\\Bail', 'fail ail', ['ail']],
    ['^2026-11-22T09', '2026-11-22T09:56:00Z x', ['2026-11-22T09']],
    ['lost$', 'rx lock lost', ['lost']],
    ['\\Arx', 'rx lock', ['rx']],
    ['lock\\z', 'rx lock', ['lock']],
    ['lock\\Z', 'rx lock', ['lock']],
    ['(?:ab)+', 'xababy', ['abab']],
    ['(?<level>ERROR|WARN) \\[(?<module>\\w+)\\]', 'x WARN [imu] yaw', ['WARN [imu]']],
    ["(?'level'ERROR) x", 'ERROR x', ['ERROR x']],
    ['a{2}', 'aaaaa', ['aa', 'aa']],
    ['a{2,}', 'aaaaa', ['aaaaa']],
    ['a{1,2}?', 'aaa', ['a', 'a', 'a']],
    ['a+?b', 'aaab', ['aaab']],
    ['<.*?>', '<a> <b>', ['<a>', '<b>']],
    ['<.*>', '<a> <b>', ['<a> <b>']],
    ['[a-z-[aeiou]]+', 'strength', ['str', 'ngth']],
    ['[^\\d\\s]+', '12 ab 3c', ['ab', 'c']],
    ['[]a]+', 'x]a]y', [']a]']],
    ['[a\\-z]+', 'b-az', ['-az']],
    ['[\\b]', 'a\bb', ['\b']],
    ['\\x41\\u0042\\101\\cA', 'zAB\u0001z', []],
    ['\\x41\\u0042', 'zAB', ['AB']],
    ['\\t\\e', 'a\t\u001bb', ['\t\u001b']],
    ['(?#a comment)ok', 'ok', ['ok']],
    ['(?x) r x \\  # comment', 'rx x', ['rx ']],
    ['a{,2}', 'a{,2}', ['a{,2}']],
    ['x{', 'x{', ['x{']],
    ['é+', 'cafééé', ['ééé']],
    ['caf.$', 'café', ['café']],
    ['^.{4}$', 'café', ['café']],
    ['[à-ÿ]', 'zÉé', ['É', 'é']],
  ])('%s in %j finds %j', (pattern, line, texts) => {
    expect(run(pattern, line).texts).toEqual(texts);
    expect(run(pattern, line).matches).toBe(texts.length > 0);
  });

  it('is case-insensitive by default, and (?-i) or the option makes it sensitive', () => {
    expect(run('error', 'ERROR [bist]').matches).toBe(true);
    expect(run('(?-i)error', 'ERROR [bist]').matches).toBe(false);
    expect(run('error', 'ERROR [bist]', false).matches).toBe(false);
    expect(run('(?i)error', 'ERROR [bist]', false).matches).toBe(true);
    expect(run('(?-i:ERR)or', 'ERROR').matches).toBe(true);
    expect(run('(?-i:err)or', 'ERROR').matches).toBe(false);
    // (?i) applies to the rest of its group, alternatives after it included.
    expect(run('a(?-i)b|c', 'C').matches).toBe(false);
    expect(run('(a(?-i)b)|c', 'C').matches).toBe(true);
    expect(run('[a-c]+', 'ABC').texts).toEqual(['ABC']);
    expect(run('[^a]', 'A').matches).toBe(false);
    expect(run('é', 'É').matches).toBe(true);
  });

  it.each([
    ['C++', 'Nested quantifier'],
    ['*abc', 'following nothing'],
    ['link down (blockage', "Not enough )'s"],
    ['a)', "Too many )'s"],
    ['[abc', 'Unterminated [] set'],
    ['[z-a]', 'reverse order'],
    ['a{3,2}', 'x > y'],
    ['\\q', 'Unrecognized escape'],
    ['\\x4', 'Insufficient hex digits'],
    ['(?z)', 'Unrecognized grouping construct'],
    ['abc\\', 'Illegal \\ at end'],
  ])('falls back to the text as typed for %j (%s)', (pattern, reason) => {
    const p = compileSearchPattern(pattern);
    expect(p.mode).toBe('literal');
    expect(p.syntaxError).toContain(reason);
    expect(run(pattern, `x ${pattern} y`).texts).toEqual([pattern]);
  });

  it.each([
    ['(a)\\1', 'a backreference (\\1) at position 4'],
    ['(?<n>a)\\k<n>', 'a backreference (\\k<…>)'],
    ['a(?=b)', 'a lookahead "(?=" at position 2'],
    ['a(?!b)', 'a negative lookahead'],
    ['(?<=a)b', 'a lookbehind'],
    ['(?<!a)b', 'a negative lookbehind'],
    ['(?>a+)b', 'an atomic group'],
    ['(?(a)b|c)', 'a conditional'],
    ['(?<x-y>a)', 'a balancing group'],
    ['\\Ga', '\\G'],
    ['\\p{Lu}', 'a Unicode category'],
  ])('refuses %j with a message naming %s', (pattern, named) => {
    const error = refusal(pattern);
    expect(error.code).toBe('unsupported');
    expect(error.message).toContain(named);
  });

  it('prefers the syntax fallback to a refusal when the pattern does not parse at all', () => {
    expect(compileSearchPattern('(?=a)(').mode).toBe('literal');
  });

  it('refuses patterns over the length limit, counts above 1000 and programs too large', () => {
    expect(refusal('a'.repeat(1001)).code).toBe('too-long');
    expect(refusal('a'.repeat(1001)).message).toBe(
      'The search pattern must be at most 1000 characters.',
    );
    expect(compileSearchPattern('a'.repeat(1000)).mode).toBe('regex');
    expect(refusal('a{1001}').message).toContain('above 1000');
    expect(refusal('(.{1000}){1000}').code).toBe('too-complex');
  });
});
