import { DOCUMENT_UPLOAD_FIELDS as F } from '@aerie/contract';

/**
 * The server's own texts of the document library (CONVENTIONS §14); the spec's are the
 * contract's RESOURCES_MESSAGES.
 */
export const RESOURCES_SERVER_MESSAGES = {
  tooLarge: (max: number) => `The file is larger than the ${max} bytes a library file may have.`,
  notMultipart: `Send the file as multipart/form-data: the field "${F.path}" (and optionally "${F.title}", "${F.description}", "${F.tags}"), then the file in "${F.file}".`,
  fileRequired: `Send the file in the field "${F.file}".`,
  pathRequired: `Send the file's path in the field "${F.path}" before the file.`,
  oneFileOnly: 'Send one file per request.',
  malformed: 'The multipart body is malformed.',
  unexpectedField: (name: string) =>
    `Unexpected field "${name}": send "${F.path}", "${F.title}", "${F.description}" and "${F.tags}", then the file in "${F.file}".`,
  fieldTooLong: (max: number) => `The value must be at most ${max} characters.`,
  fieldControl: 'The value must not contain control characters.',
  tooManyTags: (max: number) => `At most ${max} tags.`,
  tagTooLong: (max: number) => `A tag must be at most ${max} characters.`,
  prefixOutsideContainer: 'The prefix must be a folder of the container.',
} as const;
