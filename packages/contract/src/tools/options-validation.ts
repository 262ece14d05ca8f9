import { z } from 'zod';

/**
 * The Options File Validator of the Tools page (spec 001 §2 Tools, §3 "Option validation
 * response", §5, §7 `POST /v2/tools/options/validate`; docs/formats/opt.md,
 * docs/decisions/035-options-file-validator.md).
 */

export const optionsFileFieldResultSchema = z.object({
  field: z.string(),
  /** Why the field's value is refused; null when it is acceptable. */
  error: z.string().nullable(),
  /** A note about an acceptable value the user should know; null when there is none. */
  disclaimer: z.string().nullable(),
});
export type OptionsFileFieldResult = z.infer<typeof optionsFileFieldResultSchema>;

export const optionsFileResultSchema = z.object({
  /** The name the file was sent with. */
  fileName: z.string(),
  isValid: z.boolean(),
  /** What is wrong with the file as a whole (header, size, checksum); null when nothing. */
  error: z.string().nullable(),
  /** Every field of the file in file order, then the missing required ones. */
  fields: z.array(optionsFileFieldResultSchema),
});
export type OptionsFileResult = z.infer<typeof optionsFileResultSchema>;

/** The answer of `POST /v2/tools/options/validate`: one result per file, in the order sent. */
export const optionsValidationResponseSchema = z.object({
  totalFiles: z.number().int(),
  results: z.array(optionsFileResultSchema),
});
export type OptionsValidationResponse = z.infer<typeof optionsValidationResponseSchema>;

/** What one request may carry (the server refuses more; the page says so before sending). */
export const OPTIONS_VALIDATION_LIMITS = {
  /** The multipart field that carries the files, repeated once per file (spec 001 §7). */
  field: 'files',
  /** Spec 001 §5: only .opt files. */
  extension: '.opt',
  maxFiles: 20,
  /** The format's own limit (docs/formats/opt.md): a larger file is reported, never read whole. */
  maxFileBytes: 64 * 1024,
  /** In characters; a longer name (or one with a control character) refuses the request. */
  maxFileNameLength: 255,
  /**
   * The whole request: room for every file at its limit, and for larger files to be reported
   * too large one by one; a larger request is refused (413).
   */
  maxRequestBytes: 16 * 1024 * 1024,
} as const;

/** Whether a file name has the extension the validator reads (case-insensitive). */
export function isOptionsFileName(name: string): boolean {
  return name.toLowerCase().endsWith(OPTIONS_VALIDATION_LIMITS.extension);
}

const L = OPTIONS_VALIDATION_LIMITS;

/** The server's answers about the request (400, naming the field) and about one file. */
export const OPTIONS_VALIDATION_MESSAGES = {
  notMultipart: `Send the files as multipart/form-data, each in the field "${L.field}".`,
  noFiles: `Choose at least one ${L.extension} file to validate.`,
  tooManyFiles: `At most ${L.maxFiles} files can be validated at once.`,
  unexpectedField: (name: string) =>
    `Unexpected field "${name}": send the files in the field "${L.field}".`,
  textInFilesField: `The field "${L.field}" carries files, not text.`,
  fileNameTooLong: `A file name may have at most ${L.maxFileNameLength} characters.`,
  fileNameControl: 'A file name must not contain control characters.',
  malformed: 'The multipart body is malformed.',
  lengthRequired: 'The request must state its length (Content-Length).',
  requestTooLarge: `The request is larger than ${L.maxRequestBytes / (1024 * 1024)} MiB.`,
  /** A per-file error: the file is listed, not validated. */
  notOptionsFile: `Only ${L.extension} files can be validated.`,
} as const;
