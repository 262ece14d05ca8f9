import {
  isOptionsFileName,
  OPTIONS_VALIDATION_LIMITS as L,
  type OptionsFileResult,
} from '@aerie/contract';

export interface FileChoice {
  /** The files chosen now: those before, then the new .opt ones (at most L.maxFiles). */
  files: File[];
  /** Names of files that are not .opt (not added). */
  refused: string[];
  /** How many .opt files did not fit under L.maxFiles (not added). */
  overLimit: number;
}

/**
 * Adds files the user dropped or chose (spec 001 §5: only .opt files). A name already chosen is
 * not added twice: the results are listed by file name.
 */
export function addFiles(current: readonly File[], incoming: readonly File[]): FileChoice {
  const files = [...current];
  const refused: string[] = [];
  let overLimit = 0;
  for (const file of incoming) {
    if (!isOptionsFileName(file.name)) refused.push(file.name);
    else if (files.some((f) => f.name === file.name)) continue;
    else if (files.length >= L.maxFiles) overLimit += 1;
    else files.push(file);
  }
  return { files, refused, overLimit };
}

/** Spec 001 §2: only the fields with an error or a disclaimer are listed. */
export function remarkableFields(result: OptionsFileResult): OptionsFileResult['fields'] {
  return result.fields.filter((f) => Boolean(f.error) || Boolean(f.disclaimer));
}
