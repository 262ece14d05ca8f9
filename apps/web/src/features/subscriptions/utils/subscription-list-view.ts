import {
  formatListQuery,
  LIST_MAX_SKIP,
  LIST_MAX_TEXT,
  subscriptionListGrammar,
  type ListQueryParams,
  type SubscriptionListField,
  type SubscriptionSortField,
  type SubscriptionUsageFilter,
} from '@aerie/contract';
import { z } from 'zod';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-layout';
import {
  subscriptionSortColumnIds,
  subscriptionSortFieldByColumn,
  type SubscriptionSortColumnId,
} from './subscription-columns';

/** Page sizes offered by the list's pager. */
export const SUBSCRIPTION_PAGE_SIZES = LIST_PAGE_SIZES;
export type SubscriptionPageSize = (typeof SUBSCRIPTION_PAGE_SIZES)[number];
export type SortDirection = 'asc' | 'desc';

/** What the subscriptions list shows: all of it lives in the address so a view can be shared. */
export interface SubscriptionListView {
  query: string;
  accountId: string | null;
  /** The end-date range, yyyy-MM-dd (UTC days), both or neither (spec 001 §5). */
  endFrom: string | null;
  endTo: string | null;
  /** 'over80': only subscriptions that used 80% of their data limit this month (usage alerts). */
  usage: SubscriptionUsageSearch | null;
  sort: SubscriptionSortColumnId;
  direction: SortDirection;
  /** 1-based. */
  page: number;
  /** Null: the user's saved page size (list settings), else 50. */
  pageSize: SubscriptionPageSize | null;
}

/** spec 001 §9: EndDate ascending, first page. */
export const defaultSubscriptionListView: SubscriptionListView = {
  query: '',
  accountId: null,
  endFrom: null,
  endTo: null,
  usage: null,
  sort: 'endDate',
  direction: 'asc',
  page: 1,
  pageSize: null,
};

const MAX_PAGE = LIST_MAX_SKIP / SUBSCRIPTION_PAGE_SIZES[0];
const DEFAULT_SORT = defaultSubscriptionListView.sort;
const DEFAULT_DIRECTION = defaultSubscriptionListView.direction;

/** A calendar day, yyyy-MM-dd, that exists. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
const daySearch = z.string().refine(isDay).optional().catch(undefined);

/** The usage filter in the address (`usage=over80`), and the grammar's value each one sends. */
const usageSearchValues = ['over80'] as const;
export type SubscriptionUsageSearch = (typeof usageSearchValues)[number];
const usageFilterBySearch: Readonly<Record<SubscriptionUsageSearch, SubscriptionUsageFilter>> = {
  over80: 'Over80',
};

/**
 * The list's view in the address (`?q=maritime&from=2026-01-01&to=2026-12-31&page=2`,
 * `&usage=over80`). Each value falls back on its own; defaults stay out of the search, so the
 * default view is a bare `/subscriptions`. The sort is one value in two parameters (EndDate
 * ascending: neither). A date range is kept only whole and in order.
 */
export const subscriptionListSearchSchema = z
  .object({
    q: z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim().slice(0, LIST_MAX_TEXT).trim() || undefined)
      .optional()
      .catch(undefined),
    account: z
      .string()
      .trim()
      .pipe(z.uuid())
      .transform((id) => id.toLowerCase())
      .optional()
      .catch(undefined),
    from: daySearch,
    to: daySearch,
    usage: z.enum(usageSearchValues).optional().catch(undefined),
    sort: z.enum(subscriptionSortColumnIds).optional().catch(undefined),
    dir: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: z.coerce.number().int().min(2).max(MAX_PAGE).optional().catch(undefined),
    pageSize: z.coerce
      .number()
      .refine((n): n is SubscriptionPageSize =>
        (SUBSCRIPTION_PAGE_SIZES as readonly number[]).includes(n),
      )
      .optional()
      .catch(undefined),
  })
  .transform(({ sort = DEFAULT_SORT, dir = DEFAULT_DIRECTION, from, to, ...search }) => ({
    ...search,
    ...(from && to && from <= to ? { from, to } : {}),
    ...(sort === DEFAULT_SORT && dir === DEFAULT_DIRECTION ? {} : { sort, dir }),
  }));

export type SubscriptionListSearch = z.output<typeof subscriptionListSearchSchema>;

/** Reads the view from the address's search values; unknown or invalid values get defaults. */
export function parseSubscriptionListView(search: unknown): SubscriptionListView {
  const s = subscriptionListSearchSchema.parse(search);
  return {
    query: s.q ?? '',
    accountId: s.account ?? null,
    endFrom: s.from ?? null,
    endTo: s.to ?? null,
    usage: s.usage ?? null,
    sort: s.sort ?? DEFAULT_SORT,
    direction: s.dir ?? DEFAULT_DIRECTION,
    page: s.page ?? 1,
    pageSize: s.pageSize ?? null,
  };
}

/** The search values of a view, without those that are defaults (short shareable links). */
export function subscriptionListSearch(view: SubscriptionListView): SubscriptionListSearch {
  const search: SubscriptionListSearch = {};
  const text = view.query.trim();
  if (text) search.q = text;
  if (view.accountId) search.account = view.accountId;
  if (view.endFrom && view.endTo) {
    search.from = view.endFrom;
    search.to = view.endTo;
  }
  if (view.usage) search.usage = view.usage;
  if (view.sort !== DEFAULT_SORT || view.direction !== DEFAULT_DIRECTION) {
    search.sort = view.sort;
    search.dir = view.direction;
  }
  if (view.page > 1) search.page = view.page;
  if (view.pageSize !== null) search.pageSize = view.pageSize;
  return search;
}

/** The request of `GET /v3/subscriptions` (spec 001 §7), in the contract's list grammar. */
export type SubscriptionListRequest = ListQueryParams<SubscriptionSortField>;

/** The fields the list's rows need. */
export const SUBSCRIPTION_LIST_FIELDS: readonly SubscriptionListField[] = [
  'Id',
  'SubscriptionNumber',
  'Description',
  'ProductCode',
  'AccountName',
  'StartDate',
  'EndDate',
];

/**
 * The end-date range as the filter reads it: from the first to the last millisecond of the
 * chosen UTC days (the list shows the dates in UTC, spec 001 §9), or null unless both are set.
 */
export function endDateRange(view: Pick<SubscriptionListView, 'endFrom' | 'endTo'>) {
  if (!view.endFrom || !view.endTo) return null;
  return {
    from: new Date(`${view.endFrom}T00:00:00.000Z`),
    to: new Date(`${view.endTo}T23:59:59.999Z`),
  };
}

/** The request for one page of the view. */
export function subscriptionListRequest(
  view: SubscriptionListView,
  pageSize: number,
): SubscriptionListRequest {
  return formatListQuery(subscriptionListGrammar, {
    skip: (view.page - 1) * pageSize,
    take: pageSize,
    sortField: subscriptionSortFieldByColumn[view.sort],
    sortDirection: view.direction,
    text: view.query,
    fields: SUBSCRIPTION_LIST_FIELDS,
    filters: {
      accountIds: view.accountId ? [view.accountId] : [],
      endDate: endDateRange(view),
      usage: view.usage ? usageFilterBySearch[view.usage] : null,
    },
  });
}
