import { describe, expect, it } from 'vitest';
import { markPieces } from './log-text';

describe('marking a line', () => {
  it('cuts the text at its highlights', () => {
    expect(
      markPieces('rx lock lost, lock again', [
        [3, 7],
        [14, 18],
      ]),
    ).toEqual([
      { text: 'rx ', marked: false },
      { text: 'lock', marked: true },
      { text: ' lost, ', marked: false },
      { text: 'lock', marked: true },
      { text: ' again', marked: false },
    ]);
  });

  it('keeps text without highlights whole, and ignores spans out of bounds or overlapping', () => {
    expect(markPieces('<script>x</script>', [])).toEqual([
      { text: '<script>x</script>', marked: false },
    ]);
    expect(
      markPieces('abc', [
        [1, 99],
        [2, 3],
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
    ]);
    expect(markPieces('', [])).toEqual([{ text: '', marked: false }]);
  });
});
