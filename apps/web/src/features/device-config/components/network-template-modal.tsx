import {
  effectiveModel,
  networkTemplateBodySchema,
  templateAntennaType,
  type MappedNetwork,
  type NetworkTemplateKey,
} from '@aerie/contract';
import { Button, Group, Loader, Modal, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { Field, FieldList } from '../../devices';
import { getBaseModemType } from '../api/get-base-modem-type';
import { useNetworkTemplate } from '../api/get-network-template';
import { useSaveNetworkTemplate } from '../api/save-network-template';
import { configMessages } from '../messages';
import type { InventoryDevice } from '../utils/inventory-device';
import { showToast } from '../../../lib/toast';

const texts = configMessages.template;

/** Spec 001 §9: the template modal is 600 wide. */
const TEMPLATE_MODAL_WIDTH = 600;

export interface NetworkTemplateModalProps {
  device: InventoryDevice;
  /** The beam whose template is shown; null closes the modal. */
  beam: MappedNetwork | null;
  /** Whether the viewer may write templates (`network.templates`): else the box is read-only. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * The template load modal (spec 001 §4, §7): the template of the beam's NMS type, the
 * device's antenna type (u8 or u7) and modem type. 'The specified template does not exist.'
 * shows in the template box without a toast; any other failure toasts.
 */
export function NetworkTemplateModal({
  device,
  beam,
  canWrite,
  onClose,
}: NetworkTemplateModalProps) {
  return (
    <Modal
      opened={beam !== null}
      onClose={onClose}
      size={TEMPLATE_MODAL_WIDTH}
      title={beam ? texts.title(beam.displayName) : ''}
      closeButtonProps={{ 'aria-label': texts.close }}
    >
      {beam ? (
        <TemplateView device={device} beam={beam} canWrite={canWrite} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function useTemplateKey(device: InventoryDevice, beam: MappedNetwork) {
  const modemModel = effectiveModel(device, 'GeoModem');
  const modem = useQuery({
    queryKey: ['reference', 'baseModemType', modemModel],
    queryFn: () => getBaseModemType(modemModel!),
    enabled: modemModel !== null,
    staleTime: 10 * 60_000,
  });
  const key: NetworkTemplateKey | null = modem.data
    ? {
        nmsType: beam.nmsType,
        antennaType: templateAntennaType(effectiveModel(device, 'Antenna')),
        modemType: modem.data.baseModemType,
        beamDisplayName: beam.displayName,
      }
    : null;
  return { key, failed: modemModel === null || modem.isError };
}

interface TemplateViewProps {
  device: InventoryDevice;
  beam: MappedNetwork;
  canWrite: boolean;
  onClose: () => void;
}

function TemplateView({ device, beam, canWrite, onClose }: TemplateViewProps) {
  const { key, failed: keyFailed } = useTemplateKey(device, beam);
  const template = useNetworkTemplate(key);
  const saveTemplate = useSaveNetworkTemplate();
  const [draft, setDraft] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);

  const missing = isApiError(template.error) && template.error.message === texts.notFound;
  const failed = keyFailed || (template.isError && !missing);
  useEffect(() => {
    if (failed) showToast({ message: texts.loadFailed, color: 'red', autoClose: 5_000 });
  }, [failed]);

  const shown = template.data
    ? JSON.stringify(template.data.template, null, 2)
    : missing
      ? texts.notFound
      : failed
        ? texts.loadFailed
        : '';

  const submit = () => {
    if (!key || draft === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(draft);
    } catch {
      return setDraftError(texts.invalidJson);
    }
    const body = networkTemplateBodySchema.safeParse(parsed);
    if (!body.success) return setDraftError(body.error.issues[0]?.message ?? texts.invalidJson);
    setDraftError(null);
    saveTemplate.mutate(
      { ...key, template: body.data },
      {
        onSuccess: () => {
          showToast({ message: texts.saved, color: 'green', autoClose: 3_000 });
          setDraft(null);
        },
        onError: (error) =>
          showToast({
            message: texts.saveFailed(error.message),
            color: 'red',
            autoClose: 5_000,
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      <FieldList>
        <Field label={texts.nmsType}>{beam.nmsType}</Field>
        <Field label={texts.antennaType}>
          {templateAntennaType(effectiveModel(device, 'Antenna'))}
        </Field>
        <Field label={texts.modemType}>{key?.modemType ?? configMessages.notAvailable}</Field>
        <Field label={texts.beam}>{beam.displayName}</Field>
      </FieldList>
      {template.isFetching && !template.data ? (
        <Loader size="sm" role="status" aria-label={texts.loading} />
      ) : null}
      <Textarea
        label={texts.box}
        value={draft ?? shown}
        onChange={(event) => setDraft(event.currentTarget.value)}
        readOnly={draft === null}
        error={draftError}
        autosize
        minRows={6}
        maxRows={18}
        styles={{
          input: {
            fontFamily: 'var(--mantine-font-family-monospace)',
            fontSize: 'var(--mantine-font-size-xs)',
          },
        }}
        data-testid="template-box"
      />
      <Group justify="flex-end" gap="xs">
        {draft === null ? (
          <>
            {canWrite && key && (template.data || missing) ? (
              <Button variant="light" onClick={() => setDraft(template.data ? shown : '{\n}')}>
                {texts.edit}
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              {texts.close}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                setDraftError(null);
              }}
            >
              {configMessages.cancel}
            </Button>
            <Button onClick={submit} loading={saveTemplate.isPending}>
              {texts.save}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
