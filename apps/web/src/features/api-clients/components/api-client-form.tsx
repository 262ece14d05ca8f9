import {
  API_CLIENT_SECRET_MAX_LENGTH,
  createApiClientSchema,
  type CreateApiClient,
} from '@aerie/contract';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formResolver } from '../../../lib/form-resolver';
import { apiClientsMessages } from '../messages';

export interface ApiClientFormProps {
  /** Rejects with an error whose message is shown when the server refuses. */
  onSubmit: (values: CreateApiClient) => Promise<void>;
  onCancel: () => void;
}

const empty: CreateApiClient = { clientId: '', secret: '' };

// NOTE: the contract's length limits carry zod's generic wording; say it plainly.
const validate = formResolver(createApiClientSchema, (issue) =>
  issue.code === 'too_big' ? apiClientsMessages.tooLong(Number(issue.maximum)) : undefined,
);

/** The add panel's form (spec 000 §5): clientId and secret required, secret at most 255. */
export function ApiClientForm({ onSubmit, onCancel }: ApiClientFormProps) {
  const form = useForm({
    initialValues: empty,
    validate,
    transformValues: (values) => createApiClientSchema.parse(values),
  });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: CreateApiClient): Promise<void> => {
    setServerError(null);
    try {
      await onSubmit(values);
      form.reset();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={apiClientsMessages.addApiClient}>
      <Stack gap="sm">
        <TextInput
          label={apiClientsMessages.clientId}
          description={apiClientsMessages.clientIdHint}
          required
          autoComplete="off"
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label={apiClientsMessages.secret}
          description={apiClientsMessages.secretHint}
          required
          autoComplete="new-password"
          maxLength={API_CLIENT_SECRET_MAX_LENGTH + 1}
          {...form.getInputProps('secret')}
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {apiClientsMessages.cancel}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {apiClientsMessages.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
