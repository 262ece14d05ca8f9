import {
  DEVICE_LIST_DEFAULT_TAKE,
  deviceListFields,
  deviceSortFields,
  type DeviceListField,
  type DeviceListQuery,
  type DeviceSortField,
} from '@aerie/contract';
import { BadRequestError } from '../../plugins/errors.js';

export interface DeviceFilters {
  satelliteOnline: boolean | null;
  cellularOnline: boolean | null;
  /** Devices of any of these accounts (still limited to the caller's visible accounts). */
  accountIds: string[];
}

export interface ParsedDeviceQuery {
  skip: number;
  take: number;
  sortField: DeviceSortField;
  sortDirection: 'asc' | 'desc';
  /** Free text matched against name and serial; null when empty. */
  text: string | null;
  fields: ReadonlySet<DeviceListField>;
  filters: DeviceFilters;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_FIELDS: readonly DeviceListField[] = [
  'Id',
  'Type',
  'Name',
  'Serial',
  'AccountId',
  'AccountName',
  'NetworkStatus',
  'Components',
];

function byLowerCase<T extends string>(values: readonly T[]): Map<string, T> {
  return new Map(values.map((v) => [v.toLowerCase(), v]));
}
const sortFieldByName = byLowerCase(deviceSortFields);
const fieldByName = byLowerCase(deviceListFields);

function parseBoolean(value: string, filter: string): boolean {
  if (/^true$/i.test(value)) return true;
  if (/^false$/i.test(value)) return false;
  throw new BadRequestError(`Filter ${filter} takes true or false, not "${value}".`, 'filters');
}

/**
 * Parses the device list's query grammar (spec 001 §7): `sortField`
 * (case-insensitive), `fields` (comma list), and `filters`, comma-joined
 * `NetworkStatus.SatelliteOnline:true`, `NetworkStatus.CellularOnline:false`,
 * `AccountId:{uuid}`. Anything else is a 400 naming the parameter.
 */
export function parseDeviceQuery(q: DeviceListQuery): ParsedDeviceQuery {
  const sortField = q.sortField ? sortFieldByName.get(q.sortField.trim().toLowerCase()) : 'Name';
  if (!sortField) {
    throw new BadRequestError(
      `Unknown sortField "${q.sortField}". Use one of: ${deviceSortFields.join(', ')}.`,
      'sortField',
    );
  }
  const fields = new Set<DeviceListField>();
  if (q.fields?.trim()) {
    for (const raw of q.fields.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      const field = fieldByName.get(name.toLowerCase());
      if (!field)
        throw new BadRequestError(
          `Unknown field "${name}". Use any of: ${deviceListFields.join(', ')}.`,
          'fields',
        );
      fields.add(field);
    }
  }
  if (fields.size === 0) for (const f of DEFAULT_FIELDS) fields.add(f);
  fields.add('Id');

  const filters: DeviceFilters = { satelliteOnline: null, cellularOnline: null, accountIds: [] };
  if (q.filters?.trim()) {
    for (const raw of q.filters.split(',')) {
      const part = raw.trim();
      if (!part) continue;
      const colon = part.indexOf(':');
      if (colon <= 0)
        throw new BadRequestError(`Malformed filter "${part}": expected Name:value.`, 'filters');
      const name = part.slice(0, colon).trim().toLowerCase();
      const value = part.slice(colon + 1).trim();
      if (name === 'networkstatus.satelliteonline')
        filters.satelliteOnline = parseBoolean(value, 'NetworkStatus.SatelliteOnline');
      else if (name === 'networkstatus.cellularonline')
        filters.cellularOnline = parseBoolean(value, 'NetworkStatus.CellularOnline');
      else if (name === 'accountid') {
        if (!UUID.test(value))
          throw new BadRequestError(
            `Filter AccountId takes an account id, not "${value}".`,
            'filters',
          );
        filters.accountIds.push(value.toLowerCase());
      } else {
        throw new BadRequestError(
          `Unknown filter "${part.slice(0, colon)}". Use NetworkStatus.SatelliteOnline, NetworkStatus.CellularOnline or AccountId.`,
          'filters',
        );
      }
    }
  }
  const text = q.query?.trim() ? q.query.trim() : null;
  return {
    skip: q.skip,
    take: q.take ?? DEVICE_LIST_DEFAULT_TAKE,
    sortField,
    sortDirection: q.sortDirection?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    text,
    fields,
    filters,
  };
}
