import { roleCan, type Device, type RoleKey } from '@aerie/contract';
import { Badge, Button, Divider, Group, Text, Tooltip } from '@mantine/core';
import { useId, useState } from 'react';
import { useSoftwareActions } from '../../hooks/use-software-actions';
import { deviceMessages } from '../../messages';
import { formatUtcDateTime } from '../../utils/device-display';
import { FeatureSelectionForm } from './feature-selection-form';
import { Field, FieldList, OptionalValue, OverviewCard } from './overview-card';
import { SoftwareUpdateForm } from './software-update-form';

const texts = deviceMessages.overview.software;

/** Software is shown only for terminals (spec 001 §2). */
export function showsSoftware(device: Pick<Device, 'type'>): boolean {
  return device.type.toLowerCase() === 'terminal';
}

export type SoftwareCardMode = 'normal' | 'update-software' | 'select-features';

export interface SoftwareCardProps {
  device: Pick<Device, 'id' | 'name' | 'components' | 'software' | 'publicKey' | 'features'>;
  role: RoleKey;
}

/**
 * The Software card (spec 001 §2, §4): versions, lock, dates in yyyy-MM-dd HH:mm:ss UTC and
 * features, in three modes: normal (with the actions the role holds), update-software and
 * select-features. Every action refetches the device.
 */
export function SoftwareCard({ device, role }: SoftwareCardProps) {
  const [mode, setMode] = useState<SoftwareCardMode>('normal');
  const lockedId = useId();
  const scheduledId = useId();
  const actions = useSoftwareActions(device);
  const { software } = device;
  const mayUpdate = roleCan(role, 'devices.software');
  const mayFeatures = roleCan(role, 'devices.features');
  const mayOptions = roleCan(role, 'devices.optionsfile');
  const busy = actions.pendingCommand !== null;
  const spinning = (cmd: string) => actions.pendingCommand === cmd;
  // The server refuses to lock with an update scheduled (409): a locked device never has one.
  const lockBlocked = !software.locked && software.targetVersion !== null;

  return (
    <OverviewCard title={texts.title} testId="software-card">
      <FieldList>
        <Field label={texts.currentVersion}>
          <OptionalValue value={software.currentVersion} placeholder={deviceMessages.none} />
        </Field>
        <Field label={texts.targetVersion}>
          <OptionalValue value={software.targetVersion} placeholder={deviceMessages.none} />
        </Field>
        <Field label={texts.locked}>
          {software.locked ? deviceMessages.yes : deviceMessages.no}
        </Field>
        <Field label={texts.lastUpdatedOn}>
          <OptionalValue
            value={formatUtcDateTime(software.lastUpdatedOn)}
            placeholder={deviceMessages.none}
          />
        </Field>
        <Field label={texts.lastCheckin}>
          <OptionalValue
            value={formatUtcDateTime(software.lastCheckin)}
            placeholder={deviceMessages.none}
          />
        </Field>
        <Field label={texts.certificate}>
          {device.publicKey ? (
            texts.certificateAvailable
          ) : (
            <Text span size="sm" c="dimmed" data-testid="no-certificate">
              {texts.noCertificate}
            </Text>
          )}
        </Field>
      </FieldList>
      {mode === 'select-features' ? null : (
        <>
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" mt="md" mb={4}>
            {texts.features}
          </Text>
          {device.features.length === 0 ? (
            <OptionalValue value={null} placeholder={deviceMessages.none} />
          ) : (
            <Group gap={6} data-testid="device-features">
              {device.features.map((f) => (
                <Badge key={f} variant="light" radius="sm">
                  {f}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
      <Divider my="md" />
      {software.locked && mayUpdate && mode === 'normal' ? (
        <Text size="sm" c="dimmed" mb="xs" id={lockedId}>
          {texts.lockedNoUpdate}
        </Text>
      ) : null}
      {lockBlocked && mayUpdate && mode === 'normal' ? (
        <Text size="sm" c="dimmed" mb="xs" id={scheduledId}>
          {texts.scheduledNoLock}
        </Text>
      ) : null}
      {mode === 'update-software' ? (
        <SoftwareUpdateForm
          device={device}
          busy={spinning('updateSoftware')}
          onCancel={() => setMode('normal')}
          onConfirm={(version) =>
            void actions.run('updateSoftware', version).then((ok) => ok && setMode('normal'))
          }
        />
      ) : mode === 'select-features' ? (
        <FeatureSelectionForm device={device} onDone={() => setMode('normal')} />
      ) : (
        <Group gap="xs" wrap="wrap" role="group" aria-label={texts.actionsLabel}>
          {mayUpdate ? (
            <>
              <Tooltip label={texts.lockedNoUpdate} disabled={!software.locked}>
                {/* NOTE: aria-disabled keeps a locked device's button focusable, so the reason
                    reaches keyboard users (the server refuses updates while locked, 409). */}
                <Button
                  size="xs"
                  onClick={() => !software.locked && setMode('update-software')}
                  disabled={busy}
                  {...(software.locked
                    ? { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': lockedId }
                    : {})}
                >
                  {texts.updateSoftware}
                </Button>
              </Tooltip>
              {software.targetVersion ? (
                <Button
                  size="xs"
                  variant="default"
                  loading={spinning('cancelSoftwareUpdate')}
                  disabled={busy}
                  onClick={() => void actions.run('cancelSoftwareUpdate')}
                >
                  {texts.cancelUpdate}
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="default"
                loading={spinning('lockSoftware') || spinning('unlockSoftware')}
                disabled={busy}
                onClick={() => {
                  if (!lockBlocked)
                    void actions.run(software.locked ? 'unlockSoftware' : 'lockSoftware');
                }}
                {...(lockBlocked
                  ? {
                      'data-disabled': true,
                      'aria-disabled': true,
                      'aria-describedby': scheduledId,
                    }
                  : {})}
              >
                {software.locked ? texts.unlock : texts.lock}
              </Button>
            </>
          ) : null}
          {mayFeatures ? (
            <Button size="xs" variant="default" onClick={() => setMode('select-features')}>
              {texts.selectFeatures}
            </Button>
          ) : null}
          {device.publicKey ? (
            <Button
              size="xs"
              variant="default"
              loading={actions.downloading === 'certificate'}
              onClick={() => void actions.download('certificate')}
            >
              {texts.downloadCertificate}
            </Button>
          ) : null}
          {mayOptions ? (
            <Button
              size="xs"
              variant="default"
              loading={actions.downloading === 'options'}
              onClick={() => void actions.download('options')}
            >
              {texts.downloadOptionsFile}
            </Button>
          ) : null}
        </Group>
      )}
    </OverviewCard>
  );
}
