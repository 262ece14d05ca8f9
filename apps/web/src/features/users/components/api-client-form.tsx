import {
  API_CLIENT_SECRET_MAX_LENGTH,
  createApiClientSchema,
  type CreateApiClient,
} from '@aerie/contract';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { usersMessages } from '../messages';

export interface ApiClientFormProps {
  /** Rejects with an error whose message is shown when the server refuses. */
  onSubmit: (values: CreateApiClient) => Promise<void>;
  onCancel: () => void;
}

type FieldErrors = Partial<Record<keyof CreateApiClient, string>>;

const empty: CreateApiClient = { clientId: '', secret: '' };

/** The add panel's form (spec 000 §5): clientId and secret required, secret at most 255. */
export function ApiClientForm({ onSubmit, onCancel }: ApiClientFormProps) {
  const [values, setValues] = useState<CreateApiClient>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = createApiClientSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CreateApiClient | undefined;
        if (field && !next[field]) {
          // NOTE: the contract's max rules carry zod's generic wording; say it plainly.
          next[field] =
            issue.code === 'too_big'
              ? usersMessages.tooLong(field === 'secret' ? API_CLIENT_SECRET_MAX_LENGTH : 100)
              : issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setServerError(null);
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
      setValues(empty);
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  const update = (field: keyof CreateApiClient) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={usersMessages.addApiClient}
    >
      <Stack gap="sm">
        <TextInput
          label={usersMessages.clientId}
          required
          autoComplete="off"
          value={values.clientId}
          error={errors.clientId}
          onChange={(event) => update('clientId')(event.currentTarget.value)}
        />
        <PasswordInput
          label={usersMessages.secret}
          description={usersMessages.secretHint}
          required
          autoComplete="new-password"
          maxLength={API_CLIENT_SECRET_MAX_LENGTH + 1}
          value={values.secret}
          error={errors.secret}
          onChange={(event) => update('secret')(event.currentTarget.value)}
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {usersMessages.cancel}
          </Button>
          <Button type="submit" loading={submitting}>
            {usersMessages.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
