import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { highlightSegments, highlightTags } from './highlights';

describe('highlightSegments', () => {
  it('splits a highlight into text and marked matches', () => {
    expect(
      highlightSegments(`Replace the ${S}desiccant${E} cartridge every ${S}six${E} months`),
    ).toEqual([
      { text: 'Replace the ', marked: false },
      { text: 'desiccant', marked: true },
      { text: ' cartridge every ', marked: false },
      { text: 'six', marked: true },
      { text: ' months', marked: false },
    ]);
  });

  it('keeps markup as text, and survives stray or unclosed marks', () => {
    expect(highlightSegments(`<img src=x onerror=alert(1)> ${S}hawk`)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'hawk', marked: true },
    ]);
    expect(highlightSegments(`a${E}b`)).toEqual([
      { text: 'a', marked: false },
      { text: 'b', marked: false },
    ]);
    expect(highlightSegments('')).toEqual([]);
  });
});

describe('highlightTags (spec 002: tag highlights, comma-split)', () => {
  it("splits the tags, keeping each one's marks", () => {
    expect(highlightTags(`HAWK u8, ${S}installation${E}, commissioning`)).toEqual([
      'HAWK u8',
      `${S}installation${E}`,
      'commissioning',
    ]);
    expect(highlightTags(` , ${S}${E},`)).toEqual([]);
  });
});
