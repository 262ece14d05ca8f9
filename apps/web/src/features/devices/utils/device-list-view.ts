import {
  DEVICE_LIST_DEFAULT_TAKE,
  deviceListGrammar,
  formatListFilters,
  formatListQuery,
  listQuerySearch,
  type DeviceListField,
  type DeviceSortField,
  type ListQueryParams,
  type ParsedDeviceListQuery,
} from '@aerie/contract';
import { z } from 'zod';
import { deviceColumnIds, deviceSortFieldByColumn, type DeviceColumnId } from './device-columns';

/** Page sizes offered by the list's pager. */
export const DEVICE_PAGE_SIZES = [10, 25, 50, 100] as const;
export type DevicePageSize = (typeof DEVICE_PAGE_SIZES)[number];

/** An online-state filter: any device, online only (`:true`), or not online (`:false`). */
export type OnlineFilter = 'any' | 'online' | 'offline';
export type SortDirection = 'asc' | 'desc';

/** What the device list shows: everything here lives in the address so a view can be shared. */
export interface DeviceListView {
  query: string;
  accountId: string | null;
  satellite: OnlineFilter;
  cellular: OnlineFilter;
  sort: DeviceColumnId;
  direction: SortDirection;
  /** 1-based. */
  page: number;
  /** Null: the user's saved page size (list settings), else 50. */
  pageSize: DevicePageSize | null;
}

/** spec 001 §2, §9: sort Name ascending, first page. */
export const defaultDeviceListView: DeviceListView = {
  query: '',
  accountId: null,
  satellite: 'any',
  cellular: 'any',
  sort: 'name',
  direction: 'asc',
  page: 1,
  pageSize: null,
};

const MAX_QUERY = 200;
const MAX_PAGE = 1_000_000;

/** The address's search values: the router hands them over parsed (numbers as numbers). */
export type DeviceListSearch = Record<string, unknown>;

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

// Each parameter falls back on its own: one bad value in a shared link does not lose the rest.
const searchSchema = z.object({
  q: text.transform((value) => value.slice(0, MAX_QUERY)).catch(''),
  account: text
    .pipe(z.uuid())
    .transform((id) => id.toLowerCase())
    .nullable()
    .catch(null),
  satellite: z.enum(['any', 'online', 'offline']).catch('any'),
  cellular: z.enum(['any', 'online', 'offline']).catch('any'),
  sort: z.enum(deviceColumnIds).catch('name'),
  dir: z.enum(['asc', 'desc']).catch('asc'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n): n is DevicePageSize => (DEVICE_PAGE_SIZES as readonly number[]).includes(n))
    .nullable()
    .catch(null),
});

/** Reads the view from the address's search values; unknown or invalid values get defaults. */
export function parseDeviceListView(search: DeviceListSearch): DeviceListView {
  const parsed = searchSchema.parse({
    q: search['q'] ?? '',
    account: search['account'] ?? null,
    satellite: search['satellite'],
    cellular: search['cellular'],
    sort: search['sort'],
    dir: search['dir'],
    page: search['page'] ?? 1,
    pageSize: search['pageSize'] ?? null,
  });
  return {
    query: parsed.q,
    accountId: parsed.account,
    satellite: parsed.satellite,
    cellular: parsed.cellular,
    sort: parsed.sort,
    direction: parsed.dir,
    page: parsed.page,
    pageSize: parsed.pageSize,
  };
}

/**
 * Text as a search value. NOTE: the router writes a string that reads as a number in quotes
 * (`q=%2212345%22`, to keep its type); a serial's digits are a common search, so a text that
 * is exactly a number's form goes as that number (`q=12345`) and is read back as text.
 */
function searchText(value: string): string | number {
  const number = Number(value);
  return Number.isSafeInteger(number) && String(number) === value ? number : value;
}

/** The search values of a view, without those that are defaults (short shareable links). */
export function deviceListSearch(view: DeviceListView): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  if (view.query.trim()) search['q'] = searchText(view.query.trim());
  if (view.accountId) search['account'] = view.accountId;
  if (view.satellite !== 'any') search['satellite'] = view.satellite;
  if (view.cellular !== 'any') search['cellular'] = view.cellular;
  if (view.sort !== 'name' || view.direction !== 'asc') {
    search['sort'] = view.sort;
    search['dir'] = view.direction;
  }
  if (view.page > 1) search['page'] = view.page;
  if (view.pageSize !== null) search['pageSize'] = view.pageSize;
  return search;
}

/** The request of `GET /v2/devices` (spec 001 §7), in the contract's list grammar. */
export type DeviceListRequest = ListQueryParams<DeviceSortField>;

/** The fields the list's rows need. */
export const DEVICE_LIST_FIELDS: readonly DeviceListField[] = [
  'Id',
  'Name',
  'Serial',
  'ProductCode',
  'AccountId',
  'AccountName',
  'NetworkStatus',
];

/** An online-state filter as the grammar reads it: online, not online, or either (null). */
function onlineFilter(filter: OnlineFilter): boolean | null {
  return filter === 'any' ? null : filter === 'online';
}

/** The view's filters in the list grammar's terms. */
function filterValues(
  view: Pick<DeviceListView, 'accountId' | 'satellite' | 'cellular'>,
): Partial<ParsedDeviceListQuery['filters']> {
  return {
    satelliteOnline: onlineFilter(view.satellite),
    cellularOnline: onlineFilter(view.cellular),
    accountIds: view.accountId ? [view.accountId] : [],
  };
}

/** `filters`: `NetworkStatus.SatelliteOnline:true`, `NetworkStatus.CellularOnline:true`, `AccountId:{id}`, comma-joined. */
export function deviceListFilters(
  view: Pick<DeviceListView, 'accountId' | 'satellite' | 'cellular'>,
): string | undefined {
  return formatListFilters(deviceListGrammar, filterValues(view));
}

/** The request for one page of the view. */
export function deviceListRequest(
  view: DeviceListView,
  pageSize: number = DEVICE_LIST_DEFAULT_TAKE,
  fields: readonly DeviceListField[] = DEVICE_LIST_FIELDS,
): DeviceListRequest {
  return formatListQuery(deviceListGrammar, {
    skip: (view.page - 1) * pageSize,
    take: pageSize,
    sortField: deviceSortFieldByColumn[view.sort],
    sortDirection: view.direction,
    text: view.query,
    fields,
    filters: filterValues(view),
  });
}

/** The query string of a request, as the server reads it. */
export function deviceListRequestSearch(request: DeviceListRequest): string {
  return listQuerySearch(request);
}
