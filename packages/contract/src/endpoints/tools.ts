import { endpoint, multipartFiles } from '../http/endpoint.js';
import {
  OPTIONS_VALIDATION_LIMITS as L,
  optionsValidationResponseSchema,
} from '../tools/options-validation.js';

/** The Tools page (spec 001 §2 Tools, §7 Tools; docs/decisions/035-options-file-validator.md). */
export const toolsEndpoints = {
  validateOptions: endpoint({
    method: 'POST',
    path: '/v2/tools/options/validate',
    tags: ['tools'],
    summary: 'Validate antenna options files (.opt)',
    description:
      `Each file is checked against the options file format (header, fields, values, checksum) ` +
      `and answered in the order sent, with its file-level error and every field's error or ` +
      `disclaimer. A file that is not ${L.extension}, is empty, is not text or is larger than ` +
      `${L.maxFileBytes / 1024} KiB is listed as invalid with its reason. A request without ` +
      `files, with more than ${L.maxFiles}, with another field or a file name over ` +
      `${L.maxFileNameLength} characters (or with a control character) answers 400.`,
    access: { kind: 'permission', permission: 'portal.access', check: 'route' },
    body: multipartFiles(L.field, {
      multiple: true,
      maxFiles: L.maxFiles,
      description: `The ${L.extension} files, one part each (at most ${L.maxFiles}, ${L.maxFileBytes / 1024} KiB each)`,
    }),
    responses: { 200: optionsValidationResponseSchema },
  }),
} as const;
