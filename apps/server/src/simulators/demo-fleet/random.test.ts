import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLuhnValid, Random, withLuhn } from './random.js';

describe('Random', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    expect(Array.from({ length: 20 }, () => a.next())).toEqual(
      Array.from({ length: 20 }, () => b.next()),
    );
  });

  it('stays within bounds', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, min, span) => {
          const r = new Random(seed);
          const v = r.int(min, min + span);
          return v >= min && v <= min + span && Number.isInteger(v);
        },
      ),
    );
  });

  it('forks into independent but repeatable streams', () => {
    const a = new Random(7).fork(1);
    const b = new Random(7).fork(1);
    const c = new Random(7).fork(2);
    expect(a.next()).toBe(b.next());
    expect(new Random(7).fork(1).next()).not.toBe(c.next());
  });
});

describe('withLuhn', () => {
  it('makes numbers that pass the Luhn check', () => {
    expect(withLuhn('49015420323751')).toBe('490154203237518'); // a known valid IMEI
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{14,19}$/), (digits) => isLuhnValid(withLuhn(digits))),
    );
  });
});
