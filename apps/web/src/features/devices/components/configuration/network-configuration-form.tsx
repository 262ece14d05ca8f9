import {
  isValidIpAddress,
  NETWORK_CONFIGURATION_FIELDS,
  validateNetworkConfiguration,
  type NetworkConfigurationField,
  type SatelliteNetworkConfiguration,
} from '@aerie/contract';
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { useCalculateDhcp } from '../../api/calculate-dhcp';
import { useUpdateNetworkConfig } from '../../api/update-network-config';
import { configMessages } from '../../config-messages';

const texts = configMessages.networkConfig;

type Draft = Record<NetworkConfigurationField, string>;

/** Edit copies the current configuration; missing values become empty fields. */
function draftOf(config: SatelliteNetworkConfiguration | null): Draft {
  const draft = {} as Draft;
  for (const { key } of NETWORK_CONFIGURATION_FIELDS) draft[key] = config?.[key] ?? '';
  return draft;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function toast(message: string, color: 'red' | 'yellow' | 'green') {
  notifications.show({ message, color, autoClose: color === 'green' ? 3_000 : 5_000 });
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [touched, setTouched] = useState<ReadonlySet<NetworkConfigurationField>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useUpdateNetworkConfig(deviceId);
  const dhcp = useCalculateDhcp();

  const set = (key: NetworkConfigurationField, value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (key: NetworkConfigurationField) => {
    const value = draft[key].trim();
    return touched.has(key) && value !== '' && !isValidIpAddress(value) ? texts.invalidIp : null;
  };

  const calculate = () => {
    const ip = draft.eth0IpAddress.trim();
    const mask = draft.eth0SubnetMask.trim();
    if (!ip || !mask) return toast(texts.dhcpNeedsEth0, 'yellow');
    if (!isValidIpAddress(ip) || !isValidIpAddress(mask)) return toast(texts.dhcpInvalid, 'yellow');
    dhcp.mutate(
      { id: deviceId, eth0IPAddress: ip, eth0SubnetMask: mask },
      {
        onSuccess: (result) =>
          setDraft((d) => ({
            ...d,
            dhcpGateway: result.dhcpGateway,
            dhcpClientIpRangeStart: result.dhcpClientIPRangeStart,
            dhcpClientIpRangeEnd: result.dhcpClientIPRangeEnd,
          })),
        onError: (error) => toast(texts.dhcpFailed(errorText(error)), 'red'),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(NETWORK_CONFIGURATION_FIELDS.map((f) => f.key)));
    const [first] = validateNetworkConfiguration(draft);
    setSaveError(first ?? null);
    if (first) return;
    save.mutate(draft, {
      onSuccess: () => {
        toast(texts.saved, 'green');
        onDone();
      },
      onError: (error) =>
        toast(texts.saveFailed(isApiError(error) ? error.message : errorText(error)), 'red'),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={texts.title}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        {NETWORK_CONFIGURATION_FIELDS.map(({ key }) => (
          <TextInput
            key={key}
            label={texts.labels[key]}
            value={draft[key]}
            onChange={(event) => set(key, event.currentTarget.value)}
            onBlur={() => setTouched((t) => new Set(t).add(key))}
            error={fieldError(key)}
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
