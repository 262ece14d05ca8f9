import {
  beamsInSync,
  canToggleBeam,
  showsCellRow,
  showsHybridRow,
  type HubState,
  type MappedNetwork,
} from '@aerie/contract';
import { Badge, Button, Checkbox, Table, Tooltip } from '@mantine/core';
import { formatUtcDateTime, OptionalValue } from '../../devices';
import { configMessages } from '../messages';
import type { InventoryDevice } from '../utils/inventory-device';
import { SyncBadge, type SyncState } from './sync-badge';

const texts = configMessages.inventory;

// NOTE: filled badges in shade 9 (7 for grey): the light variants fail WCAG AA contrast.

function YesNo({ value }: { value: boolean | null }) {
  if (value === null) return <SyncBadge state="unknown" />;
  return (
    <Badge color={value ? 'teal.9' : 'gray.7'} variant="filled">
      {value ? texts.yes : texts.no}
    </Badge>
  );
}

export interface NetworkStateTableProps {
  device: InventoryDevice;
  networks: readonly MappedNetwork[];
  /** Null while the hub state is loading or cannot be read. */
  hub: HubState | null;
}

/**
 * Satellite provisioned/activated are in sync when the required beams equal the beams the hub
 * has the remote provisioned (activated) on (spec 001 §4); Hybrid and Cell rows only with
 * cellular on the subscription and the hardware for it.
 */
export function NetworkStateTable({ device, networks, hub }: NetworkStateTableProps) {
  const required = networks.filter((n) => n.isRequired).map((n) => n.networkId);
  const satellite = (onNetwork: (b: HubState['beams'][number]) => boolean): SyncState => {
    if (!hub) return 'unknown';
    const ids = hub.beams.filter(onNetwork).map((b) => b.networkId);
    return beamsInSync(required, ids) ? 'inSync' : 'outOfSync';
  };
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table verticalSpacing="xs" fz="sm" aria-label={texts.statusLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.network}</Table.Th>
            <Table.Th scope="col">{texts.provisioned}</Table.Th>
            <Table.Th scope="col">{texts.activated}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{texts.satellite}</Table.Th>
            <Table.Td>
              <SyncBadge state={satellite((b) => b.isActuallyOn)} />
            </Table.Td>
            <Table.Td>
              <SyncBadge state={satellite((b) => b.activatedOn !== null)} />
            </Table.Td>
          </Table.Tr>
          {showsHybridRow(device) ? (
            <Table.Tr>
              <Table.Th scope="row">{texts.hybrid}</Table.Th>
              <Table.Td>
                <YesNo value={hub?.hybrid.provisioned ?? null} />
              </Table.Td>
              <Table.Td>
                <YesNo value={hub?.hybrid.activated ?? null} />
              </Table.Td>
            </Table.Tr>
          ) : null}
          {showsCellRow(device) ? (
            <Table.Tr>
              <Table.Th scope="row">{texts.cell}</Table.Th>
              <Table.Td>
                <OptionalValue value={null} />
              </Table.Td>
              <Table.Td>
                <YesNo value={hub?.cellular.activated ?? null} />
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export interface BeamTableProps {
  networks: readonly MappedNetwork[];
  hub: HubState | null;
  /** The beams ticked while editing; null when not editing. */
  selected: ReadonlySet<string> | null;
  onToggle: (networkId: string) => void;
  /** Null when the caller may not load templates. */
  onLoadTemplate: ((beam: MappedNetwork) => void) | null;
}

/** The beams of the device's hub: required (a checkbox while editing), hub dates, template. */
export function BeamTable({ networks, hub, selected, onToggle, onLoadTemplate }: BeamTableProps) {
  const onHub = new Map((hub?.beams ?? []).map((b) => [b.networkId, b]));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" fz="sm" aria-label={texts.beamsLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.required}</Table.Th>
            <Table.Th scope="col">{texts.beam}</Table.Th>
            <Table.Th scope="col">{texts.networkName}</Table.Th>
            <Table.Th scope="col">{texts.provisionedOn}</Table.Th>
            <Table.Th scope="col">{texts.activatedOn}</Table.Th>
            {onLoadTemplate ? <Table.Th scope="col">{texts.template}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {networks.map((n) => {
            const state = onHub.get(n.networkId);
            return (
              <Table.Tr key={n.networkId} data-testid={`beam-${n.networkId}`}>
                <Table.Td>
                  {selected ? (
                    <RequiredCheckbox
                      beam={n}
                      selected={selected}
                      onToggle={() => onToggle(n.networkId)}
                    />
                  ) : (
                    <YesNo value={n.isRequired} />
                  )}
                </Table.Td>
                <Table.Td>{n.displayName}</Table.Td>
                <Table.Td ff="monospace">{n.networkName}</Table.Td>
                <Table.Td>
                  <OptionalValue value={formatUtcDateTime(state?.provisionedOn)} />
                </Table.Td>
                <Table.Td>
                  <OptionalValue value={formatUtcDateTime(state?.activatedOn)} />
                </Table.Td>
                {onLoadTemplate ? (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={texts.loadTemplateFor(n.displayName)}
                      onClick={() => onLoadTemplate(n)}
                    >
                      {texts.loadTemplate}
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
          {/* Beams the hub has the remote on outside its hub's list: they keep it out of sync. */}
          {(hub?.beams ?? [])
            .filter((b) => b.isActuallyOn && !networks.some((n) => n.networkId === b.networkId))
            .map((b) => (
              <Table.Tr key={b.networkId} data-testid={`beam-${b.networkId}`}>
                <Table.Td>
                  <YesNo value={false} />
                </Table.Td>
                <Table.Td>{b.displayName}</Table.Td>
                <Table.Td ff="monospace">{b.networkName}</Table.Td>
                <Table.Td>
                  <OptionalValue value={formatUtcDateTime(b.provisionedOn)} />
                </Table.Td>
                <Table.Td>
                  <OptionalValue value={formatUtcDateTime(b.activatedOn)} />
                </Table.Td>
                {onLoadTemplate ? <Table.Td /> : null}
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequiredCheckbox({
  beam,
  selected,
  onToggle,
}: {
  beam: MappedNetwork;
  selected: ReadonlySet<string>;
  onToggle: () => void;
}) {
  const locked = !canToggleBeam(selected, beam.networkId);
  const box = (
    <Checkbox
      aria-label={texts.requireBeam(beam.displayName)}
      checked={selected.has(beam.networkId)}
      disabled={locked}
      onChange={onToggle}
    />
  );
  return locked ? (
    <Tooltip label={texts.lastBeam}>
      <span>{box}</span>
    </Tooltip>
  ) : (
    box
  );
}
