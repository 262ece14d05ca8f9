import {
  createSubscriptionSchema,
  referenceEndpoints,
  SUBSCRIPTION_DESCRIPTION_MAX,
  type CreateSubscription,
} from '@aerie/contract';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { callApi, isApiError } from '../../../lib/api-client';
import { routePath } from '../../../lib/route-paths';
import { showToast } from '../../../lib/toast';
import { useCreateSubscription } from '../api/change-subscription';
import { subscriptionMessages } from '../messages';
import type { SubscriptionListAccount } from './subscription-list-filters';

const c = subscriptionMessages.createForm;

type Field =
  'accountId' | 'productCode' | 'description' | 'startDate' | 'endDate' | 'dataLimitInGb';
type Values = Record<Field, string>;
const EMPTY: Values = {
  accountId: '',
  productCode: '',
  description: '',
  startDate: '',
  endDate: '',
  dataLimitInGb: '',
};

/** The form's values as the call's body (blank optional fields left out). */
function createBody(v: Values): Record<string, unknown> {
  return {
    accountId: v.accountId,
    productCode: v.productCode,
    startDate: v.startDate ? `${v.startDate}T00:00:00.000Z` : '',
    endDate: v.endDate ? `${v.endDate}T00:00:00.000Z` : '',
    ...(v.description.trim() ? { description: v.description } : {}),
    ...(v.dataLimitInGb.trim() ? { dataLimitInGb: Number(v.dataLimitInGb) } : {}),
  };
}

/** The new subscription form; its page opens once it is created. */
export function CreateForm({
  accounts,
  onClose,
}: {
  accounts: readonly SubscriptionListAccount[];
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateSubscription();
  const navigate = useNavigate();
  const products = useQuery({
    queryKey: ['reference', 'subscriptionProducts'],
    queryFn: ({ signal }) => callApi(referenceEndpoints.subscriptionProducts, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSubscriptionSchema.safeParse(createBody(values));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues)
        next[(issue.path[0] ?? 'accountId') as Field] ??= issue.message;
      return setErrors(next);
    }
    create.mutate(parsed.data satisfies CreateSubscription, {
      onSuccess: (created) => {
        showToast({ message: c.created, color: 'green', autoClose: 3_000 });
        onClose();
        void navigate({ to: routePath('subscription2Overview', { id: created.id }) });
      },
      onError: (cause) => {
        const field = isApiError(cause) ? (cause.field as Field | undefined) : undefined;
        setErrors({
          [field && field in EMPTY ? field : 'accountId']: isApiError(cause)
            ? cause.message
            : subscriptionMessages.actions.failed,
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={c.account}
            data={accounts.map((a) => ({ value: a.id, label: a.name }))}
            value={values.accountId || null}
            onChange={(v) => set('accountId', v ?? '')}
            searchable
            error={errors.accountId}
            required
            data-autofocus
          />
          <Select
            label={c.product}
            data={(products.data ?? []).map((p) => ({
              value: p.productCode,
              label: `${p.name} (${p.productCode})`,
            }))}
            value={values.productCode || null}
            onChange={(v) => set('productCode', v ?? '')}
            searchable
            error={errors.productCode}
            required
          />
          <TextInput
            label={c.startDate}
            type="date"
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            error={errors.startDate}
            required
          />
          <TextInput
            label={c.endDate}
            type="date"
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
            required
          />
        </SimpleGrid>
        <TextInput
          label={c.description}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          maxLength={SUBSCRIPTION_DESCRIPTION_MAX}
        />
        <TextInput
          label={c.dataLimit}
          type="number"
          value={values.dataLimitInGb}
          onChange={(e) => set('dataLimitInGb', e.currentTarget.value)}
          error={errors.dataLimitInGb}
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={create.isPending}>
          {subscriptionMessages.actions.close}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {c.submit}
        </Button>
      </Group>
    </form>
  );
}
