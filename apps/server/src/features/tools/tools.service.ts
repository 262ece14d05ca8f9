import {
  isOptionsFileName,
  OPTIONS_VALIDATION_LIMITS as L,
  OPTIONS_VALIDATION_MESSAGES as M,
  type OptionsFileResult,
  type OptionsValidationResponse,
} from '@aerie/contract';
import { OPTIONS_FILE_MESSAGES, validateOptionsFile } from '@aerie/options-file';
import { BadRequestError } from '../../plugins/errors.js';
import type { UploadedFile } from './options-upload.js';

/** The Tools page's server side (spec 001 §2 Tools). */
export interface ToolsService {
  /**
   * Spec 001 §3 "Option validation response" for uploaded files, in the order they came. A file
   * that is not .opt or too large is listed invalid with why; none at all is a 400.
   */
  validateOptionsFiles(files: AsyncIterable<UploadedFile>): Promise<OptionsValidationResponse>;
}

const invalid = (fileName: string, error: string): OptionsFileResult => ({
  fileName,
  isValid: false,
  error,
  fields: [],
});

/** One file's result: the format's own checks (docs/formats/opt.md) for an .opt file. */
export function validateUploadedFile(file: UploadedFile): OptionsFileResult {
  if (!isOptionsFileName(file.fileName)) return invalid(file.fileName, M.notOptionsFile);
  if (file.tooLarge) return invalid(file.fileName, OPTIONS_FILE_MESSAGES.tooLarge);
  return { fileName: file.fileName, ...validateOptionsFile(file.bytes) };
}

export function createToolsService(): ToolsService {
  return {
    async validateOptionsFiles(files) {
      const results: OptionsFileResult[] = [];
      // One file at a time, as the upload streams in: only the current file's bytes are held.
      for await (const file of files) results.push(validateUploadedFile(file));
      if (results.length === 0) throw new BadRequestError(M.noFiles, L.field);
      return { totalFiles: results.length, results };
    },
  };
}
