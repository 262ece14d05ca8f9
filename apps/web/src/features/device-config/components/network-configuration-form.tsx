import {
  isValidIpAddress,
  NETWORK_CONFIGURATION_FIELDS,
  networkConfigurationIssues,
  type NetworkConfigurationField,
  type SatelliteNetworkConfiguration,
} from '@aerie/contract';
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useCalculateDhcp } from '../api/calculate-dhcp';
import { useUpdateNetworkConfig } from '../api/update-network-config';
import { configMessages } from '../messages';

const texts = configMessages.networkConfig;

type Draft = Record<NetworkConfigurationField, string>;

/** Edit copies the current configuration; missing values become empty fields. */
function draftOf(config: SatelliteNetworkConfiguration | null): Draft {
  const draft = {} as Draft;
  for (const { key } of NETWORK_CONFIGURATION_FIELDS) draft[key] = config?.[key] ?? '';
  return draft;
}

/** Where the first save rule failure is kept among the form's errors. */
const FORM_ERROR = 'form';

const isField = (name: string | undefined): name is NetworkConfigurationField =>
  NETWORK_CONFIGURATION_FIELDS.some(({ key }) => key === name);

/**
 * Each filled field must be an address; the save rules of spec 001 §5 (the first failure, under
 * the form, its field marked) come from the contract.
 */
function validateDraft(draft: Draft): FormErrors {
  const errors: FormErrors = {};
  for (const { key } of NETWORK_CONFIGURATION_FIELDS) {
    const value = draft[key].trim();
    if (value !== '' && !isValidIpAddress(value)) errors[key] = texts.invalidIp;
  }
  const [first] = networkConfigurationIssues(draft);
  if (first) {
    errors[FORM_ERROR] = first.message;
    // Marked without a text of its own: the message is in the alert under the form.
    errors[first.field] ??= true;
  }
  return errors;
}

/** The errors left once a field changes: the save rule's alert and marks are stale then. */
function withoutRuleErrors(errors: FormErrors): FormErrors {
  const kept: FormErrors = {};
  for (const [name, error] of Object.entries(errors))
    if (name !== FORM_ERROR && error !== true) kept[name] = error;
  return kept;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function toast(message: string, color: 'red' | 'yellow' | 'green') {
  showToast({ message, color, autoClose: color === 'green' ? 3_000 : 5_000 });
}

export interface NetworkConfigurationFormProps {
  deviceId: string;
  initial: SatelliteNetworkConfiguration | null;
  /** Called after a save or on Cancel. */
  onDone: () => void;
}

/**
 * The nine address fields in edit mode: per-field 'Please enter a valid IP address.', the save
 * rules of spec 001 §5 before anything is sent, and auto-calculation of the DHCP fields.
 */
export function NetworkConfigurationForm({
  deviceId,
  initial,
  onDone,
}: NetworkConfigurationFormProps) {
  const form = useForm({
    initialValues: draftOf(initial),
    validate: validateDraft,
    // A field says it is invalid once it is left, not while it is being typed.
    validateInputOnBlur: true,
    onValuesChange: () => form.setErrors(withoutRuleErrors),
  });
  const save = useUpdateNetworkConfig(deviceId);
  const dhcp = useCalculateDhcp();
  const draft = form.values;

  const calculate = () => {
    const ip = draft.eth0IpAddress.trim();
    const mask = draft.eth0SubnetMask.trim();
    if (!ip || !mask) return toast(texts.dhcpNeedsEth0, 'yellow');
    if (!isValidIpAddress(ip) || !isValidIpAddress(mask)) return toast(texts.dhcpInvalid, 'yellow');
    dhcp.mutate(
      { id: deviceId, eth0IPAddress: ip, eth0SubnetMask: mask },
      {
        onSuccess: (result) =>
          form.setValues({
            dhcpGateway: result.dhcpGateway,
            dhcpClientIpRangeStart: result.dhcpClientIPRangeStart,
            dhcpClientIpRangeEnd: result.dhcpClientIPRangeEnd,
          }),
        onError: (error) => toast(texts.dhcpFailed(errorText(error)), 'red'),
      },
    );
  };

  const submit = (values: Draft) =>
    save.mutate(values, {
      onSuccess: () => {
        toast(texts.saved, 'green');
        onDone();
      },
      onError: (error) => {
        // spec 001 §5: the toast; a 400 that names a field also marks it, with the message.
        if (isApiError(error) && isField(error.field))
          form.setFieldError(error.field, error.message);
        toast(texts.saveFailed(isApiError(error) ? error.message : errorText(error)), 'red');
      },
    });
  const saveError = form.errors[FORM_ERROR];

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={texts.title}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        {NETWORK_CONFIGURATION_FIELDS.map(({ key }) => (
          <TextInput
            key={key}
            label={texts.labels[key]}
            {...form.getInputProps(key)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ))}
      </SimpleGrid>
      {saveError ? (
        <Alert color="red" mt="md" role="alert" variant="light">
          {saveError}
        </Alert>
      ) : null}
      <Group justify="space-between" mt="md">
        <Button variant="light" onClick={calculate} loading={dhcp.isPending}>
          {texts.calculate}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {configMessages.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {configMessages.save}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
