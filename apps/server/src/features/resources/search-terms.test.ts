import { describe, expect, it } from 'vitest';
import { prefixQuery } from './search-terms.js';

describe('prefixQuery: the top bar search of documents', () => {
  it('makes every word of the term a required prefix, once', () => {
    expect(prefixQuery('HAWK instal')).toBe("'hawk':* & 'instal':*");
    expect(prefixQuery('hawk HAWK')).toBe("'hawk':*");
  });

  it('keeps only letters and digits, so quotes and operators never reach to_tsquery', () => {
    expect(prefixQuery("O'Brien & (x | !y) <-> z:*")).toBe(
      "'o':* & 'brien':* & 'x':* & 'y':* & 'z':*",
    );
    expect(prefixQuery('120-00101-001-revD')).toBe("'120':* & '00101':* & '001':* & 'revd':*");
    expect(prefixQuery('Übersicht naïve')).toBe("'übersicht':* & 'naïve':*");
    expect(prefixQuery('--- ***')).toBe('');
  });

  it('looks for at most 8 words', () => {
    expect(prefixQuery('a b c d e f g h i j').split(' & ')).toHaveLength(8);
  });
});
