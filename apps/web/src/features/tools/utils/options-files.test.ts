import { OPTIONS_VALIDATION_LIMITS as L } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { addFiles, remarkableFields } from './options-files';

const file = (name: string) => new File(['x'], name);
const names = (files: readonly File[]) => files.map((f) => f.name);

describe('addFiles', () => {
  it('adds .opt files (any case) after those chosen and refuses the others by name', () => {
    const choice = addFiles([file('a.opt')], [file('b.OPT'), file('notes.txt'), file('c.opt.zip')]);
    expect(names(choice.files)).toEqual(['a.opt', 'b.OPT']);
    expect(choice.refused).toEqual(['notes.txt', 'c.opt.zip']);
    expect(choice.overLimit).toBe(0);
  });

  it('does not add a name twice', () => {
    expect(names(addFiles([file('a.opt')], [file('a.opt'), file('b.opt')]).files)).toEqual([
      'a.opt',
      'b.opt',
    ]);
  });

  it(`keeps at most ${L.maxFiles} files and counts the rest`, () => {
    const many = Array.from({ length: L.maxFiles + 3 }, (_, i) => file(`f${i}.opt`));
    const choice = addFiles([], many);
    expect(choice.files).toHaveLength(L.maxFiles);
    expect(choice.overLimit).toBe(3);
  });
});

describe('remarkableFields', () => {
  it('keeps only fields with an error or a disclaimer', () => {
    const fields = [
      { field: 'a', error: null, disclaimer: null },
      { field: 'b', error: 'Bad.', disclaimer: null },
      { field: 'c', error: null, disclaimer: 'Note.' },
      { field: 'd', error: '', disclaimer: '' },
    ];
    const result = { fileName: 'x.opt', isValid: false, error: null, fields };
    expect(remarkableFields(result).map((f) => f.field)).toEqual(['b', 'c']);
  });
});
