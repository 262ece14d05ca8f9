import {
  OPTIONS_VALIDATION_LIMITS as L,
  toolsEndpoints,
  type OptionsValidationResponse,
} from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The request's form: each file in the repeated field `files` (spec 001 §7). */
export function optionsFilesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(L.field, file, file.name);
  return form;
}

/** `POST /v2/tools/options/validate`: the spec's "Option validation response" (001 §3). */
export function validateOptionsFiles(files: readonly File[]): Promise<OptionsValidationResponse> {
  return callApi(toolsEndpoints.validateOptions, { body: optionsFilesForm(files) });
}

export function useValidateOptionsFiles() {
  return useMutation({ mutationFn: validateOptionsFiles });
}
