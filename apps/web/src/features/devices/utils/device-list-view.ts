import {
  DEVICE_LIST_DEFAULT_TAKE,
  deviceListGrammar,
  deviceStates,
  formatListFilters,
  formatListQuery,
  LIST_MAX_SKIP,
  LIST_MAX_TEXT,
  listQuerySearch,
  type DeviceListField,
  type DeviceSortField,
  type DeviceState,
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
  /** A device state (`State:{state}`): the home page's fleet summary links here with one. */
  state: DeviceState | null;
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
  state: null,
  sort: 'name',
  direction: 'asc',
  page: 1,
  pageSize: null,
};

// NOTE: a page is asked for as `skip`, which the list grammar caps at LIST_MAX_SKIP: this is
// the last page it allows in the smallest page size.
const MAX_PAGE = LIST_MAX_SKIP / DEVICE_PAGE_SIZES[0];

const DEFAULT_SORT = defaultDeviceListView.sort;
const DEFAULT_DIRECTION = defaultDeviceListView.direction;

/**
 * Text as a search value. NOTE: the router writes a string that reads as a number in quotes
 * (`q=%2212345%22`, to keep its type); a serial's digits are a common search, so a text that
 * is exactly a number's form goes as that number (`q=12345`) and is read back as text.
 */
function searchText(value: string): string | number {
  const number = Number(value);
  return Number.isSafeInteger(number) && String(number) === value ? number : value;
}

/** The sort in the address: both values, or neither for the default. */
type SortSearch = { sort?: DeviceColumnId | undefined; dir?: SortDirection | undefined };

const onlineSearch = z.enum(['online', 'offline']).optional().catch(undefined);

/**
 * The list's view in the address (`?q=kan&sort=serial&dir=desc&page=2`), so a view can be
 * shared and survives reload. The router validates the devices route's search with it (and
 * hands the result to a device's detail routes). Each value falls back on its own: one that is
 * missing, invalid or the default stays out of the search, so the default view is a bare
 * `/devices`. The sort is one value in two parameters: Name ascending is the default and
 * leaves both out; any other sort writes both. A page size is kept whichever it is: without
 * one the list shows the user's saved page size.
 */
export const deviceListSearchSchema = z
  .object({
    q: z
      .union([z.string(), z.number()])
      .transform((value) => {
        const text = String(value).trim().slice(0, LIST_MAX_TEXT).trim();
        return text ? searchText(text) : undefined;
      })
      .optional()
      .catch(undefined),
    account: z
      .string()
      .trim()
      .pipe(z.uuid())
      .transform((id) => id.toLowerCase())
      .optional()
      .catch(undefined),
    satellite: onlineSearch,
    cellular: onlineSearch,
    state: z.enum(deviceStates).optional().catch(undefined),
    sort: z.enum(deviceColumnIds).optional().catch(undefined),
    dir: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: z.coerce.number().int().min(2).max(MAX_PAGE).optional().catch(undefined),
    pageSize: z.coerce
      .number()
      .refine((n): n is DevicePageSize => (DEVICE_PAGE_SIZES as readonly number[]).includes(n))
      .optional()
      .catch(undefined),
  })
  .transform(
    ({ sort = DEFAULT_SORT, dir = DEFAULT_DIRECTION, ...search }): typeof search & SortSearch =>
      sort === DEFAULT_SORT && dir === DEFAULT_DIRECTION
        ? { ...search, sort: undefined, dir: undefined }
        : { ...search, sort, dir },
  );

/** The address's search values of the list, as the router hands them over validated. */
export type DeviceListSearch = z.output<typeof deviceListSearchSchema>;

/** The view a search stands for, defaults filled in. */
export function deviceListView(search: DeviceListSearch): DeviceListView {
  return {
    query: search.q === undefined ? '' : String(search.q),
    accountId: search.account ?? null,
    satellite: search.satellite ?? 'any',
    cellular: search.cellular ?? 'any',
    state: search.state ?? null,
    sort: search.sort ?? DEFAULT_SORT,
    direction: search.dir ?? DEFAULT_DIRECTION,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? null,
  };
}

/** Reads the view from the address's search values; unknown or invalid values get defaults. */
export function parseDeviceListView(search: unknown): DeviceListView {
  return deviceListView(deviceListSearchSchema.parse(search));
}

/** The search values of a view, without those that are defaults (short shareable links). */
export function deviceListSearch(view: DeviceListView): DeviceListSearch {
  const search: DeviceListSearch = {};
  const text = view.query.trim();
  if (text) search.q = searchText(text);
  if (view.accountId) search.account = view.accountId;
  if (view.satellite !== 'any') search.satellite = view.satellite;
  if (view.cellular !== 'any') search.cellular = view.cellular;
  if (view.state) search.state = view.state;
  if (view.sort !== DEFAULT_SORT || view.direction !== DEFAULT_DIRECTION) {
    search.sort = view.sort;
    search.dir = view.direction;
  }
  if (view.page > 1) search.page = view.page;
  if (view.pageSize !== null) search.pageSize = view.pageSize;
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
  view: Pick<DeviceListView, 'accountId' | 'satellite' | 'cellular' | 'state'>,
): Partial<ParsedDeviceListQuery['filters']> {
  return {
    satelliteOnline: onlineFilter(view.satellite),
    cellularOnline: onlineFilter(view.cellular),
    accountIds: view.accountId ? [view.accountId] : [],
    state: view.state,
  };
}

/** `filters`: `NetworkStatus.SatelliteOnline:true`, `NetworkStatus.CellularOnline:true`, `AccountId:{id}`, `State:{state}`, comma-joined. */
export function deviceListFilters(
  view: Pick<DeviceListView, 'accountId' | 'satellite' | 'cellular' | 'state'>,
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
