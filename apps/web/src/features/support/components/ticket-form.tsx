import {
  createTicketSchema,
  TICKET_DEFAULT_PRIORITY,
  TICKET_IMPACT_MULTIPLE_DEVICES,
  TICKET_SUBJECT_MAX_LENGTH,
  TICKET_SUBTYPE_OTHER,
  TICKET_TEXT_MAX_LENGTH,
  TICKET_TYPE_PROBLEM,
  type CreateTicket,
  type SupportConfig,
  type SupportOption,
} from '@aerie/contract';
import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { showToast } from '../../../lib/toast';
import { useCreateTicket } from '../api/support';
import { supportMessages as m } from '../messages';
import { DevicePicker, type PickedDevice } from './device-picker';

/** The form's values: every text field a string (the schema's defaults made explicit). */
type TicketValues = { [K in Exclude<keyof CreateTicket, 'deviceId'>]-?: string } & {
  deviceId: string | null;
};

const empty: TicketValues = {
  type: '',
  subType: '',
  priority: TICKET_DEFAULT_PRIORITY,
  otherExplanation: '',
  impact: '',
  subject: '',
  description: '',
  deviceId: null,
  antennaSerial: '',
  modemSerial: '',
};

const validate = formResolver(createTicketSchema);

/** Options of a list in the configuration's order. */
const options = (list: SupportOption[]) =>
  [...list]
    .sort((a, b) => a.order - b.order)
    .map((o) => ({ value: o.value, label: o.displayName }));

/**
 * The support ticket form (spec 000 §2.8, §4, §5): the type resets the subtype; impact is
 * asked for a Problem, an explanation for Other; choosing a device fills both serials, clearing
 * it clears them. Submit stays disabled, with its tooltip, until the required fields are there.
 */
export function TicketForm({ config }: { config: SupportConfig }) {
  const form = useForm<TicketValues>({ initialValues: empty, validate });
  const create = useCreateTicket();
  const values = form.values;
  const type = config.types.find((t) => t.value === values.type);
  const isProblem = values.type === TICKET_TYPE_PROBLEM;
  const isOther = values.subType === TICKET_SUBTYPE_OTHER;
  const complete = form.isValid();
  const formId = useId();

  function pickDevice(device: PickedDevice | null) {
    form.setValues({
      deviceId: device?.id ?? null,
      antennaSerial: device?.antennaSerial ?? '',
      modemSerial: device?.modemSerial ?? '',
    });
  }

  function submit(ticket: TicketValues) {
    create.mutate(ticket, {
      onSuccess: () => {
        form.reset();
        showToast({ message: m.submitted, color: 'teal', autoClose: 5_000 });
      },
      onError: (error) => {
        // The server names the field it refused; the form shows its message there.
        if (isApiError(error) && error.field && error.field in empty) {
          form.setFieldError(error.field, error.message);
        }
        showToast({ message: m.failed, color: 'red', autoClose: 6_000 });
      },
    });
  }

  const count = (text: string) => m.characters(text.length, TICKET_TEXT_MAX_LENGTH);

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={m.formLabel}>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={m.type}
            required
            placeholder={m.choose}
            data={options(config.types)}
            {...form.getInputProps('type')}
            // Mantine's Select shows no choice for null (not for '').
            value={values.type || null}
            onChange={(value: string | null) => {
              // Choosing a type resets the subtype (spec 000 §4).
              form.setValues({ type: value ?? '', subType: '' });
            }}
            allowDeselect={false}
          />
          <Select
            label={m.subType}
            required
            placeholder={type ? m.choose : m.chooseTypeFirst}
            disabled={!type}
            data={options(type?.subTypes ?? [])}
            {...form.getInputProps('subType')}
            // Mantine's Select shows no choice for null (not for '').
            value={values.subType || null}
            onChange={(value: string | null) => form.setFieldValue('subType', value ?? '')}
            allowDeselect={false}
          />
          <Select
            label={m.priority}
            required
            data={options(config.priorities)}
            {...form.getInputProps('priority')}
            onChange={(value: string | null) =>
              form.setFieldValue('priority', value ?? TICKET_DEFAULT_PRIORITY)
            }
            allowDeselect={false}
          />
          {isProblem && (
            <Select
              label={m.impact}
              required
              placeholder={m.choose}
              data={options(config.impacts)}
              {...form.getInputProps('impact')}
              // Mantine's Select shows no choice for null (not for '').
              value={values.impact || null}
              onChange={(value: string | null) => form.setFieldValue('impact', value ?? '')}
              allowDeselect={false}
            />
          )}
        </SimpleGrid>
        {isOther && (
          <Textarea
            label={m.otherExplanation}
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={TICKET_TEXT_MAX_LENGTH}
            description={count(values.otherExplanation)}
            {...form.getInputProps('otherExplanation')}
          />
        )}
        <TextInput
          label={m.subject}
          required
          maxLength={TICKET_SUBJECT_MAX_LENGTH}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={m.description}
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={TICKET_TEXT_MAX_LENGTH}
          description={count(values.description)}
          {...form.getInputProps('description')}
        />
        <DevicePicker
          selectedId={values.deviceId}
          onChange={pickDevice}
          notice={values.impact === TICKET_IMPACT_MULTIPLE_DEVICES ? m.multipleDevices : null}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={m.antennaSerial}
            readOnly={values.deviceId !== null}
            {...form.getInputProps('antennaSerial')}
          />
          <TextInput
            label={m.modemSerial}
            readOnly={values.deviceId !== null}
            {...form.getInputProps('modemSerial')}
          />
        </SimpleGrid>
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {m.failed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Tooltip
            label={m.completeRequired}
            disabled={complete}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* Disabled in look and for assistive technology, yet focusable and hoverable, so
                the tooltip says what is missing (a disabled button gets no events). */}
            <Button
              type="submit"
              {...(complete ? {} : { 'data-disabled': true })}
              aria-disabled={!complete}
              aria-describedby={complete ? undefined : `${formId}-incomplete`}
              loading={create.isPending}
              onClick={(event) => {
                if (!complete) event.preventDefault();
              }}
            >
              {m.submit}
            </Button>
          </Tooltip>
          {!complete && (
            <span id={`${formId}-incomplete`} hidden>
              {m.completeRequired}
            </span>
          )}
        </Group>
      </Stack>
    </form>
  );
}
