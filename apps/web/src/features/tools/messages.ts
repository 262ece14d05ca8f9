import { OPTIONS_VALIDATION_LIMITS as L } from '@aerie/contract';

/** A list of names for a sentence: 'a', 'a and b', 'a, b and c'. */
function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** Texts of the Tools page (spec 001 §2 Tools, §8; the spec's own strings kept verbatim). */
export const toolsMessages = {
  title: 'Tools',
  tabsLabel: 'Tools',
  tabs: {
    optionsFileValidator: 'Options File Validator',
    diagnosticsUpload: 'Diagnostics Upload',
  },
  validator: {
    description:
      'Check antenna options files before loading them onto an antenna: the format, every field and the checksum.',
    dropZoneLabel: 'Options files to validate',
    dropHint: `Drag ${L.extension} files here, or`,
    choose: 'Choose files',
    limits: `${L.extension} files only; up to ${L.maxFiles} at a time, ${L.maxFileBytes / 1024} KiB each.`,
    onlyOptions: (refused: readonly string[]) =>
      `Only ${L.extension} files are accepted: ${names(refused)} ${refused.length === 1 ? 'was' : 'were'} not added.`,
    tooMany: (left: number) =>
      `At most ${L.maxFiles} files can be validated at once: ${left === 1 ? '1 file was' : `${left} files were`} not added.`,
    chosenLabel: 'Chosen files',
    none: 'No files chosen.',
    remove: (name: string) => `Remove ${name}`,
    /** spec 001 §2. */
    validate: 'Validate files',
    /** spec 001 §2. */
    clear: 'Clear',
    /** spec 001 §2: 'Valid Files : n/total'. */
    validFiles: (valid: number, total: number) => `Valid Files : ${valid}/${total}`,
    validNamesLabel: 'Valid files',
    noneValid: 'No file is valid.',
    resultsLabel: 'Validation results',
    columns: {
      file: 'File',
      result: 'Result',
      field: 'Field',
      error: 'Error',
      disclaimer: 'Disclaimer',
    },
    valid: 'Valid',
    invalid: 'Invalid',
    fieldsLabel: (fileName: string) => `Fields of ${fileName}`,
    noRemarks: 'No errors or disclaimers.',
    /** spec 001 §8: a non-OK answer (5 s, danger) and an exception (3 s); "occured" as written. */
    failed: (text: string) => `Error occured: ${text}`,
  },
} as const;
