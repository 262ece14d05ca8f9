import { describe, expect, it } from 'vitest';
import { OPTIONS_VALIDATION_LIMITS as L, OPTIONS_VALIDATION_MESSAGES as M } from '@aerie/contract';
import {
  exampleOptionsContent,
  MAX_OPTIONS_FILE_BYTES,
  OPTIONS_FILE_EXTENSION,
  OPTIONS_FILE_MESSAGES as F,
  writeOptionsFile,
} from '@aerie/options-file';
import { BadRequestError } from '../../plugins/errors.js';
import type { UploadedFile } from './options-upload.js';
import { createToolsService, validateUploadedFile } from './tools.service.js';

const text = writeOptionsFile(exampleOptionsContent);
const upload = (fileName: string, tooLarge = false): UploadedFile => ({
  fileName,
  bytes: new TextEncoder().encode(text),
  tooLarge,
});

async function* stream(...files: UploadedFile[]) {
  for (const file of files) yield file;
}

describe('the upload limits', () => {
  it("are the format's own: a file is cut where the format calls it too large", () => {
    expect(L.maxFileBytes).toBe(MAX_OPTIONS_FILE_BYTES);
    expect(L.extension).toBe(OPTIONS_FILE_EXTENSION);
  });
});

describe('validateUploadedFile', () => {
  it('validates an .opt file (any case) by its content', () => {
    expect(validateUploadedFile(upload('a.opt'))).toMatchObject({
      fileName: 'a.opt',
      isValid: true,
    });
    expect(validateUploadedFile(upload('B.Opt')).isValid).toBe(true);
  });

  it('lists a file that is not .opt, or too large, as invalid without reading it', () => {
    for (const name of ['a.txt', 'a.opt.zip', 'opt', '']) {
      expect(validateUploadedFile(upload(name))).toEqual({
        fileName: name,
        isValid: false,
        error: M.notOptionsFile,
        fields: [],
      });
    }
    expect(validateUploadedFile(upload('a.opt', true))).toEqual({
      fileName: 'a.opt',
      isValid: false,
      error: F.tooLarge,
      fields: [],
    });
  });
});

describe('validateOptionsFiles', () => {
  const service = createToolsService();

  it('answers every file in the order it came, with the count', async () => {
    const answer = await service.validateOptionsFiles(stream(upload('1.opt'), upload('2.txt')));
    expect(answer.totalFiles).toBe(2);
    expect(answer.results.map((r) => [r.fileName, r.isValid])).toEqual([
      ['1.opt', true],
      ['2.txt', false],
    ]);
  });

  it('refuses an upload without files, naming the field', async () => {
    const refusal = service.validateOptionsFiles(stream());
    await expect(refusal).rejects.toBeInstanceOf(BadRequestError);
    await expect(refusal).rejects.toMatchObject({ message: M.noFiles, field: 'files' });
  });
});
