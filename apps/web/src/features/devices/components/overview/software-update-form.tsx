import { compareSoftwareVersions, SOFTWARE_MESSAGES, type Device } from '@aerie/contract';
import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSoftwareVersions } from '../../api/get-software-versions';
import { deviceMessages } from '../../messages';

const texts = deviceMessages.overview.software;

export interface SoftwareUpdateFormProps {
  device: Pick<Device, 'software'>;
  busy: boolean;
  onConfirm: (version: string) => void;
  onCancel: () => void;
}

/**
 * Update-software mode (spec 001 §2, §5): a target version among the releases newer than the
 * device's; none available disables the dropdown with the spec's message; the chosen
 * release's minimum required version is shown as a warning.
 */
export function SoftwareUpdateForm({ device, busy, onConfirm, onCancel }: SoftwareUpdateFormProps) {
  const versions = useSoftwareVersions(device.software.currentVersion, true);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = [...(versions.data ?? [])].sort((a, b) =>
    compareSoftwareVersions(b.version, a.version),
  );
  const release = list.find((v) => v.version === chosen) ?? null;
  const none = versions.isSuccess && list.length === 0;

  return (
    <Stack gap="sm" data-testid="software-update-form">
      {versions.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{texts.loadingVersions}</Text>
        </Group>
      ) : null}
      {versions.isError ? (
        <Alert color="red" role="alert">
          {texts.versionsFailed}
        </Alert>
      ) : null}
      <Select
        label={texts.targetVersionLabel}
        placeholder={texts.targetVersionPlaceholder}
        data={list.map((v) => ({
          value: v.version,
          label: texts.versionOption(v.version, v.releaseDate),
        }))}
        value={chosen}
        onChange={setChosen}
        disabled={!versions.isSuccess || none || busy}
        description={none ? SOFTWARE_MESSAGES.noUpdates : undefined}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {release ? (
        <Alert color="yellow" variant="light" data-testid="minimum-version-warning">
          {SOFTWARE_MESSAGES.minimumVersion(release.minimumRequiredVersion)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button onClick={() => chosen && onConfirm(chosen)} disabled={!chosen} loading={busy}>
          {texts.confirm}
        </Button>
      </Group>
    </Stack>
  );
}
