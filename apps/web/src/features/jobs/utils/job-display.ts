import { JOB_LIST_DEFAULT_TAKE, type JobStatus } from '@aerie/contract';
import { z } from 'zod';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-layout';

/** `yyyy-MM-dd HH:mm:ss` in UTC (the list's createdOn column is in UTC, spec 001 §2). */
export function formatJobTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A status badge's dot colour (the word is in the text colour, readable in every theme): active jobs are blue, finished ones by their outcome. */
export const jobStatusColors: Record<JobStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Success: 'green',
  Error: 'red',
  PartialSuccess: 'orange',
};

/**
 * The list's view in the address (`?page=2&pageSize=50`), so closing a job keeps the page.
 * The router validates the jobs route's search with it. A value that is missing, invalid or the
 * default stays out of the search, so the first page in the default size is a bare `/jobs`.
 */
export const jobListSearchSchema = z.object({
  page: z.coerce.number().int().min(2).optional().catch(undefined),
  pageSize: z.coerce
    .number()
    .refine(
      (n) => n !== JOB_LIST_DEFAULT_TAKE && (LIST_PAGE_SIZES as readonly number[]).includes(n),
    )
    .optional()
    .catch(undefined),
});

export type JobListSearch = z.output<typeof jobListSearchSchema>;

/** The page and page size a search stands for, defaults filled in. */
export interface JobListView {
  page: number;
  pageSize: number;
}

export function jobListView(search: JobListSearch): JobListView {
  return { page: search.page ?? 1, pageSize: search.pageSize ?? JOB_LIST_DEFAULT_TAKE };
}

/** The search for a view: only what differs from the defaults (so defaults never show). */
export function jobListSearch(view: JobListView): JobListSearch {
  const search: JobListSearch = {};
  if (view.page > 1) search.page = view.page;
  if (view.pageSize !== JOB_LIST_DEFAULT_TAKE) search.pageSize = view.pageSize;
  return search;
}
