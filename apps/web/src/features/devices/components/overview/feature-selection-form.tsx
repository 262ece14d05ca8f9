import { FEATURE_MESSAGES, type Device } from '@aerie/contract';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAntennaFeatures } from '../../api/get-antenna-features';
import { useSaveDeviceFeatures } from '../../api/save-device-features';
import { deviceMessages } from '../../messages';
import { showToast } from '../../../../lib/toast';

const texts = deviceMessages.overview.software;

export interface FeatureSelectionFormProps {
  device: Pick<Device, 'id' | 'features'>;
  onDone: () => void;
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === new Set(b).size && b.every((x) => a.has(x));

/**
 * Select-features mode (spec 001 §2, §4): a checkbox per feature type (disabled types cannot be
 * chosen), a warning while the selection differs from the device's features, Save (issues the
 * feature certificate) and Cancel.
 */
export function FeatureSelectionForm({ device, onDone }: FeatureSelectionFormProps) {
  const catalogue = useAntennaFeatures(true);
  const save = useSaveDeviceFeatures(device.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(device.features));
  const changed = !sameSet(selected, device.features);

  const submit = () => {
    // Disabled feature types cannot be given (the server refuses them): saving drops them.
    const features = (catalogue.data ?? [])
      .filter((f) => f.enabled && selected.has(f.shortcode))
      .map((f) => f.shortcode);
    save.mutate(features, {
      onSuccess: (result) => {
        showToast({
          message: result.certificate ? FEATURE_MESSAGES.generated : texts.noKeyFeaturesSaved,
          color: 'green',
          autoClose: 3_000,
        });
        onDone();
      },
      onError: () =>
        showToast({
          message: FEATURE_MESSAGES.generateFailed,
          color: 'red',
          autoClose: 5_000,
        }),
    });
  };

  if (catalogue.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{texts.loadingFeatures}</Text>
      </Group>
    );
  }
  if (catalogue.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {texts.featuresFailed}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="feature-selection-form">
      <Checkbox.Group
        label={texts.featuresLabel}
        value={[...selected]}
        onChange={(value) => setSelected(new Set(value))}
      >
        <Stack gap="xs" mt="xs">
          {catalogue.data.map((feature) => (
            <Checkbox
              key={feature.shortcode}
              value={feature.shortcode}
              label={`${feature.name} (${feature.shortcode})`}
              description={
                feature.enabled
                  ? feature.description
                  : `${feature.description} ${texts.featureUnavailable}.`
              }
              disabled={!feature.enabled || save.isPending}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {changed ? (
        <Alert color="yellow" variant="light" role="status" data-testid="unsaved-features">
          {texts.unsavedFeatures}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {texts.cancel}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {texts.save}
        </Button>
      </Group>
    </Stack>
  );
}
