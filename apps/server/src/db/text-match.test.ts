import { describe, expect, it } from 'vitest';
import { containsPattern, prefixPattern } from './text-match.js';

describe('LIKE patterns from user text', () => {
  it('escape the wildcards and the escape character', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(prefixPattern("o'brien_%")).toBe("o'brien\\_\\%%");
  });
});
