import {
  devicesEndpoints,
  editSubscriptionSchema,
  formatListQuery,
  deviceListGrammar,
  roleCan,
  SUBSCRIPTION_ACCOUNT_EDITABLE,
  SUBSCRIPTION_CODE_MAX,
  SUBSCRIPTION_DESCRIPTION_MAX,
  SUBSCRIPTION_POOL_MAX,
  subscriptionsEndpoints,
  EMAIL_MAX,
  type EditSubscription,
  type RoleKey,
  type Subscription,
} from '@aerie/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { callApi, isApiError } from '../../../lib/api-client';
import { routePath } from '../../../lib/route-paths';
import { showToast } from '../../../lib/toast';
import {
  useChangeSubscription,
  useDeleteSubscription,
  type SubscriptionChange,
} from '../api/change-subscription';
import { subscriptionQueryKey } from '../api/get-subscription';
import { subscriptionMessages } from '../messages';
import classes from './subscription-overview.module.css';

const m = subscriptionMessages;

type Dialog =
  'edit' | 'transfer' | 'pool' | 'cancel' | 'delete' | 'cancelTransfer' | 'completeTransfer' | null;

/** Why a change failed: the server's message for a refusal, else the generic text. */
function failure(cause: unknown): string {
  return isApiError(cause) && cause.status >= 400 && cause.status < 500
    ? cause.message
    : m.actions.failed;
}

export interface SubscriptionActionsProps {
  subscription: Subscription;
  role: RoleKey;
}

/**
 * The changes the caller's role may make to a subscription (docs/decisions/035): Edit,
 * Transfer (and a pending transfer's Cancel or Complete), Terminals, Cancel subscription and
 * Delete; the irreversible ones ask first (CONVENTIONS §17).
 */
export function SubscriptionActions({ subscription: s, role }: SubscriptionActionsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = useChangeSubscription(s.id);
  const remove = useDeleteSubscription(s.id);
  const navigate = useNavigate();
  const canEdit = roleCan(role, 'subscriptions.edit');
  const canManage = roleCan(role, 'subscriptions.manage');
  const ended = Date.parse(s.endDate) <= Date.now();
  const deletable = s.deviceCount === 0 && s.monthlyUsageHistory.length === 0;
  const close = () => setDialog(null);

  const done = (message: string) => {
    showToast({ message, color: 'green', autoClose: 3_000 });
    close();
  };
  const refused = (cause: unknown) => {
    close();
    showToast({
      title: m.actions.failed,
      message: failure(cause),
      color: 'red',
      autoClose: 5_000,
    });
  };
  /** A confirmed change: a toast either way. */
  const run = (what: SubscriptionChange, message: string) =>
    change.mutate(what, { onSuccess: () => done(message), onError: refused });
  /** A form's change: a toast when saved; a refusal stays in the form. */
  const save = (what: SubscriptionChange, message: string, onError: OnError) =>
    change.mutate(what, { onSuccess: () => done(message), onError });

  if (!canEdit && !canManage) return null;
  const pending = s.pendingTransferEmail;
  return (
    <Stack gap="sm">
      {pending ? (
        <Alert color="blue" data-testid="pending-transfer" title={m.transferForm.pending(pending)}>
          <Group gap="sm">
            {canEdit ? (
              <Button size="xs" variant="default" onClick={() => setDialog('cancelTransfer')}>
                {m.transferForm.cancel}
              </Button>
            ) : null}
            {canManage ? (
              <Button size="xs" onClick={() => setDialog('completeTransfer')}>
                {m.transferForm.complete}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Group gap="xs" role="group" aria-label={m.actions.label}>
        <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
          {m.actions.edit}
        </Button>
        {!pending && !ended ? (
          <Button size="xs" variant="default" onClick={() => setDialog('transfer')}>
            {m.actions.transfer}
          </Button>
        ) : null}
        {!ended ? (
          <Button size="xs" variant="default" onClick={() => setDialog('pool')}>
            {m.actions.pool}
          </Button>
        ) : null}
        {canManage && !ended ? (
          <DangerButton onClick={() => setDialog('cancel')}>{m.actions.cancel}</DangerButton>
        ) : null}
        {canManage && deletable ? (
          <DangerButton onClick={() => setDialog('delete')}>{m.actions.delete}</DangerButton>
        ) : null}
      </Group>

      <Modal opened={dialog === 'edit'} onClose={close} title={m.editForm.title} centered size="lg">
        {dialog === 'edit' ? (
          <EditForm
            subscription={s}
            terms={canManage}
            pending={change.isPending}
            onCancel={close}
            onSubmit={(body, onError) => save({ kind: 'edit', body }, m.actions.saved, onError)}
          />
        ) : null}
      </Modal>
      <Modal opened={dialog === 'transfer'} onClose={close} title={m.transferForm.title} centered>
        {dialog === 'transfer' ? (
          <TransferForm
            pending={change.isPending}
            onCancel={close}
            onSubmit={(email, onError) =>
              save({ kind: 'transfer', email }, m.transferForm.started(email), onError)
            }
          />
        ) : null}
      </Modal>
      <Modal opened={dialog === 'pool'} onClose={close} title={m.poolForm.title} centered size="lg">
        {dialog === 'pool' ? (
          <PoolForm
            subscription={s}
            pending={change.isPending}
            onCancel={close}
            onSubmit={(remotes, onError) =>
              save({ kind: 'pool', remotes }, m.poolForm.saved, onError)
            }
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={m.cancelDialog.title}
        confirmLabel={m.cancelDialog.confirm}
        cancelLabel={m.cancelDialog.keep}
        destructive
        onConfirm={() => run({ kind: 'cancel' }, m.cancelDialog.done)}
        onCancel={close}
      >
        {m.cancelDialog.body}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={m.deleteDialog.title}
        confirmLabel={m.deleteDialog.confirm}
        destructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              done(m.deleteDialog.done);
              void navigate({ to: routePath('subscriptions', {}) });
            },
            onError: refused,
          })
        }
        onCancel={close}
      >
        {m.deleteDialog.body}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'cancelTransfer'}
        title={m.transferForm.cancelTitle}
        confirmLabel={m.transferForm.cancel}
        cancelLabel={m.transferForm.keep}
        onConfirm={() => run({ kind: 'cancelTransfer' }, m.transferForm.cancelled)}
        onCancel={close}
      >
        {m.transferForm.cancelBody(pending ?? '')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'completeTransfer'}
        title={m.transferForm.completeTitle}
        confirmLabel={m.transferForm.complete}
        onConfirm={() => run({ kind: 'completeTransfer' }, m.transferForm.completed)}
        onCancel={close}
      >
        {m.transferForm.completeBody(pending ?? '')}
      </ConfirmDialog>
    </Stack>
  );
}

/** A removal's button: red text readable on the light and the dark page. */
function DangerButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      className={classes.danger}
      // Mantine sets the colour inline: it takes the class's (readable in both schemes).
      style={{ '--button-color': 'var(--aerie-danger-text)' }}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** What a form does with a refused change: the field the server named shows its message. */
type OnError = (cause: unknown) => void;

interface FormProps<T> {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (value: T, onError: OnError) => void;
}

function FormButtons({
  pending,
  onCancel,
  submit,
}: {
  pending: boolean;
  onCancel: () => void;
  submit: string;
}) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {m.actions.close}
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}

/** yyyy-MM-dd of an ISO date (UTC: subscription dates are UTC days, spec 001 §9). */
const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

const EDIT_FIELDS = [
  'description',
  'subscriptionNumber',
  'dataLimitInGb',
  'startDate',
  'endDate',
  'networkIdentifiers',
  'nmsId',
  'salesforceObjectId',
  'salesforceAccountId',
] as const;
type EditField = (typeof EDIT_FIELDS)[number];
type EditValues = Record<EditField, string>;

function editValues(s: Subscription): EditValues {
  return {
    description: s.description,
    subscriptionNumber: s.subscriptionNumber ?? '',
    dataLimitInGb: s.dataLimitInGb === null ? '' : String(s.dataLimitInGb),
    startDate: dayOf(s.startDate),
    endDate: dayOf(s.endDate),
    networkIdentifiers: s.networkIdentifiers?.join(', ') ?? '',
    nmsId: s.nmsId ?? '',
    salesforceObjectId: s.salesforceObjectId ?? '',
    salesforceAccountId: s.salesforceAccountId ?? '',
  };
}

/** The body of the changed fields only: an empty field clears its value (null). */
function editBody(before: EditValues, after: EditValues, fields: readonly EditField[]) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = after[field].trim();
    if (value === before[field].trim()) continue;
    if (field === 'description') body[field] = value;
    else if (field === 'startDate' || field === 'endDate')
      body[field] = value ? `${value}T00:00:00.000Z` : '';
    else if (field === 'dataLimitInGb') body[field] = value === '' ? null : Number(value);
    else if (field === 'networkIdentifiers')
      body[field] =
        value === ''
          ? null
          : value
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean);
    else body[field] = value === '' ? null : value;
  }
  return body;
}

function EditForm({
  subscription,
  terms,
  pending,
  onCancel,
  onSubmit,
}: FormProps<EditSubscription> & { subscription: Subscription; terms: boolean }) {
  const [initial] = useState(() => editValues(subscription));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const fields: readonly EditField[] = terms ? EDIT_FIELDS : SUBSCRIPTION_ACCOUNT_EDITABLE;
  const f = m.editForm;

  const input = (
    field: EditField,
    label: string,
    extra: { maxLength?: number; type?: string; description?: string } = {},
  ) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => ({ ...e, [field]: undefined }));
      }}
      error={errors[field]}
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = editBody(initial, values, fields);
    if (Object.keys(body).length === 0) return onCancel();
    const parsed = editSubscriptionSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<EditField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] ?? 'description') as EditField;
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    onSubmit(parsed.data, (cause) => {
      const field = isApiError(cause) ? cause.field : undefined;
      const known = EDIT_FIELDS.find((k) => k === field);
      setErrors({ [known ?? 'description']: failure(cause) });
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {input('description', f.description, { maxLength: SUBSCRIPTION_DESCRIPTION_MAX })}
        {terms ? (
          <>
            <Text size="sm" c="dimmed">
              {f.termsHint}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {input('subscriptionNumber', f.subscriptionNumber, {
                maxLength: SUBSCRIPTION_CODE_MAX,
              })}
              {input('dataLimitInGb', f.dataLimit, { type: 'number' })}
              {input('startDate', f.startDate, { type: 'date' })}
              {input('endDate', f.endDate, { type: 'date' })}
              {input('networkIdentifiers', f.networks, { description: f.networksHint })}
              {input('nmsId', f.nmsId, { maxLength: SUBSCRIPTION_CODE_MAX })}
              {input('salesforceObjectId', f.salesforceObjectId, {
                maxLength: SUBSCRIPTION_CODE_MAX,
              })}
              {input('salesforceAccountId', f.salesforceAccountId, {
                maxLength: SUBSCRIPTION_CODE_MAX,
              })}
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
      <FormButtons pending={pending} onCancel={onCancel} submit={m.actions.save} />
    </form>
  );
}

function TransferForm({ pending, onCancel, onSubmit }: FormProps<string>) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = m.transferForm;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(email.trim(), (cause) => setError(failure(cause)));
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t.explain}</Text>
        <TextInput
          label={t.email}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={EMAIL_MAX}
          required
          data-autofocus
        />
      </Stack>
      <FormButtons pending={pending} onCancel={onCancel} submit={t.submit} />
    </form>
  );
}

/** The account's terminals to choose from (up to 1000, by name) and those on the subscription now. */
function usePoolChoices(subscription: Subscription) {
  const devices = useQuery({
    queryKey: ['devices', 'pool-choices', subscription.accountId],
    queryFn: ({ signal }) =>
      callApi(
        devicesEndpoints.list,
        {
          query: formatListQuery(deviceListGrammar, {
            skip: 0,
            take: 1000,
            sortField: 'Name',
            sortDirection: 'asc',
            fields: ['Id', 'Name', 'Serial', 'AccountId'],
            filters: { accountIds: [subscription.accountId] },
          }),
        },
        { signal },
      ),
  });
  const current = useQuery({
    queryKey: [...subscriptionQueryKey(subscription.id), 'devices', 'all'] as const,
    queryFn: ({ signal }) =>
      callApi(
        subscriptionsEndpoints.devices,
        { params: { id: subscription.id }, query: { skip: 0, take: 1000 } },
        { signal },
      ),
  });
  return { devices, current };
}

function PoolForm({
  subscription,
  pending,
  onCancel,
  onSubmit,
}: FormProps<string[]> & { subscription: Subscription }) {
  const { devices, current } = usePoolChoices(subscription);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const p = m.poolForm;
  const onNow = current.data?.items.filter((d) => d.active).map((d) => d.id) ?? [];
  const value = chosen ?? onNow;
  // The subscription's own account only (the device list's account filter includes sub-accounts).
  const options = (devices.data?.items ?? [])
    .filter((d) => d.accountId === subscription.accountId && d.id)
    .map((d) => ({
      value: d.id ?? '',
      label: d.serial ? `${d.name ?? ''} (${d.serial})` : (d.name ?? ''),
    }));
  const tooMany = value.length > SUBSCRIPTION_POOL_MAX;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (tooMany) return;
        onSubmit(value, (cause) => setError(failure(cause)));
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{p.explain(SUBSCRIPTION_POOL_MAX)}</Text>
        <MultiSelect
          label={p.devices}
          placeholder={p.placeholder}
          data={options}
          value={value}
          onChange={(next) => {
            setChosen(next);
            setError(null);
          }}
          searchable
          nothingFoundMessage={p.nothingFound}
          hidePickedOptions
          disabled={devices.isPending || current.isPending}
          error={tooMany ? p.tooMany(SUBSCRIPTION_POOL_MAX) : error}
          data-autofocus
        />
      </Stack>
      <FormButtons pending={pending} onCancel={onCancel} submit={m.actions.save} />
    </form>
  );
}
