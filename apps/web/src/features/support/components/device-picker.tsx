import type { DeviceListItem } from '@aerie/contract';
import { Alert, Button, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTicketDevices } from '../api/support';
import { supportMessages as m } from '../messages';
import classes from './device-picker.module.css';

/** Devices per page of the selector (spec 000 §9). */
export const DEVICE_PICKER_PAGE_SIZE = 5;

export interface PickedDevice {
  id: string;
  name: string;
  antennaSerial: string;
  modemSerial: string;
}

const serialOf = (device: DeviceListItem, type: string): string =>
  device.components?.find((c) => c.type === type)?.serial ?? '';

/** Whether a device's name or one of its serials contains the text (case-insensitive). */
export function deviceMatches(device: DeviceListItem, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  if ((device.name ?? '').toLowerCase().includes(needle)) return true;
  return (device.components ?? []).some((c) => c.serial.toLowerCase().includes(needle));
}

/**
 * The ticket's device selector (spec 000 §5, §9): the caller's devices (up to 10,000), 5 per
 * page, found by name or serial; one device is chosen (a radio group), and choosing fills the
 * Antenna and GeoModem serials.
 */
export function DevicePicker({
  selectedId,
  onChange,
  notice,
}: {
  selectedId: string | null;
  onChange: (device: PickedDevice | null) => void;
  notice: string | null;
}) {
  const devices = useTicketDevices(true);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const matching = useMemo(
    () =>
      (devices.data?.items ?? []).filter(
        (d): d is DeviceListItem & { id: string } => Boolean(d.id) && deviceMatches(d, filter),
      ),
    [devices.data, filter],
  );
  const pages = Math.max(1, Math.ceil(matching.length / DEVICE_PICKER_PAGE_SIZE));
  const shown = matching.slice(
    (Math.min(page, pages) - 1) * DEVICE_PICKER_PAGE_SIZE,
    Math.min(page, pages) * DEVICE_PICKER_PAGE_SIZE,
  );

  function pick(device: DeviceListItem & { id: string }) {
    onChange({
      id: device.id,
      name: device.name ?? '',
      antennaSerial: serialOf(device, 'Antenna'),
      modemSerial: serialOf(device, 'GeoModem'),
    });
  }

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{m.device}</legend>
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {m.deviceHelp}
        </Text>
        {notice && (
          <Alert color="blue" variant="light" p="xs">
            {notice}
          </Alert>
        )}
        <TextInput
          size="xs"
          label={m.deviceFilter}
          placeholder={m.deviceFilterPlaceholder}
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
        />
        {devices.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{m.loadingDevices}</Text>
          </Group>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.noDevices}
          </Text>
        ) : (
          <div role="radiogroup" aria-label={m.device} className={classes.list}>
            {shown.map((device) => {
              const antenna = serialOf(device, 'Antenna');
              return (
                <label key={device.id} className={classes.row}>
                  <input
                    type="radio"
                    name="ticket-device"
                    value={device.id}
                    checked={selectedId === device.id}
                    onChange={() => pick(device)}
                  />
                  <span className={classes.name}>{device.name}</span>
                  {antenna && <span className={classes.serial}>{antenna}</span>}
                </label>
              );
            })}
          </div>
        )}
        <Group justify="space-between" gap="xs">
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={0}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${m.devicesPage} ${control}` })}
            />
          ) : (
            <span />
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={selectedId === null}
            onClick={() => onChange(null)}
          >
            {m.clearDevice}
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}
