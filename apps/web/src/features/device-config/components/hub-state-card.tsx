import { Alert, Group, Loader, Table, Text } from '@mantine/core';
import {
  beamsInSync,
  hasCellHardware,
  hasHybridHardware,
  type Device,
  type HubState,
} from '@aerie/contract';
import { Field, FieldList, formatUtcDateTime, OptionalValue, OverviewCard } from '../../devices';
import { useHubState } from '../api/get-hub-state';
import { syncMessages } from '../sync-messages';
import { SyncBadge } from './sync-badge';

const texts = syncMessages.hubState;

export interface HubStateCardProps {
  device: Device;
}

/**
 * Device Hub State (spec 001 §2): each beam the device requires next to what the hub holds,
 * with its provisioned and activated dates, whether the hub is in sync with the required
 * beams, and the hybrid and cellular state (only when the subscription has cellular and the
 * hardware is present, spec 001 §4).
 */
export function HubStateCard({ device }: HubStateCardProps) {
  const hubState = useHubState(device.id);
  return (
    <OverviewCard title={texts.title} testId="hub-state-card">
      {hubState.isError ? (
        <Alert color="red" variant="light">
          {syncMessages.hubUnavailable}
        </Alert>
      ) : hubState.data ? (
        <HubStateView device={device} state={hubState.data} />
      ) : (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {texts.loading}
          </Text>
        </Group>
      )}
    </OverviewCard>
  );
}

function SyncLine({ label, inSync }: { label: string; inSync: boolean }) {
  return (
    <Group gap={6}>
      <Text size="sm">{label}</Text>
      <SyncBadge state={inSync ? 'inSync' : 'outOfSync'} variant="dot" />
    </Group>
  );
}

function YesNo({ on }: { on: boolean }) {
  return <>{on ? syncMessages.yes : syncMessages.no}</>;
}

export function HubStateView({ device, state }: { device: Device; state: HubState }) {
  const required = state.beams.filter((b) => b.isRequired).map((b) => b.networkId);
  const provisioned = state.beams.filter((b) => b.isActuallyOn).map((b) => b.networkId);
  const activated = state.beams.filter((b) => b.activatedOn !== null).map((b) => b.networkId);
  const cellular = device.activeSubscription?.hasCellular === true;
  return (
    <>
      <Group gap="xl" mb="md">
        <SyncLine label={texts.provisionedInSync} inSync={beamsInSync(required, provisioned)} />
        <SyncLine label={texts.activatedInSync} inSync={beamsInSync(required, activated)} />
      </Group>
      {state.beams.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.noBeams}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{texts.beam}</Table.Th>
                <Table.Th scope="col">{texts.nms}</Table.Th>
                <Table.Th scope="col">{texts.required}</Table.Th>
                <Table.Th scope="col">{texts.actual}</Table.Th>
                <Table.Th scope="col">{texts.provisionedOn}</Table.Th>
                <Table.Th scope="col">{texts.activatedOn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.beams.map((b) => (
                <Table.Tr key={b.networkId} data-testid="hub-beam">
                  <Table.Th scope="row" fw={500}>
                    {b.displayName}
                  </Table.Th>
                  <Table.Td>{b.nmsType}</Table.Td>
                  <Table.Td>
                    <YesNo on={b.isRequired} />
                  </Table.Td>
                  <Table.Td>
                    <YesNo on={b.isActuallyOn} />
                  </Table.Td>
                  <Table.Td>
                    <OptionalValue value={formatUtcDateTime(b.provisionedOn)} />
                  </Table.Td>
                  <Table.Td>
                    <OptionalValue value={formatUtcDateTime(b.activatedOn)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {cellular && (hasHybridHardware(device) || hasCellHardware(device)) ? (
        <FieldList>
          {hasHybridHardware(device) ? (
            <Field label={texts.hybrid}>
              {texts.hybridState(state.hybrid.provisioned, state.hybrid.activated)}
            </Field>
          ) : null}
          {hasCellHardware(device) ? (
            <Field label={texts.cellular}>{texts.cellularState(state.cellular.activated)}</Field>
          ) : null}
        </FieldList>
      ) : null}
    </>
  );
}
