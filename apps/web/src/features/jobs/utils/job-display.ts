import type { JobStatus } from '@aerie/contract';

/** `yyyy-MM-dd HH:mm:ss` in UTC (the list's createdOn column is in UTC, spec 001 §2). */
export function formatJobTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A status's badge colour: active jobs are blue, finished ones by their outcome. */
export const jobStatusColors: Record<JobStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Success: 'green',
  Error: 'red',
  PartialSuccess: 'orange',
};

/** The list's view in the address (`?page=2&pageSize=50`), so closing a job keeps the page. */
export interface JobListView {
  page: number;
  pageSize: number;
}

export function parseJobListView(
  search: Record<string, unknown>,
  pageSizes: readonly number[],
  defaultPageSize: number,
): JobListView {
  const page = Number(search['page']);
  const pageSize = Number(search['pageSize']);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: pageSizes.includes(pageSize) ? pageSize : defaultPageSize,
  };
}
