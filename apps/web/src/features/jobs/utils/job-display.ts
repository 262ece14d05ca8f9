import { JOB_LIST_DEFAULT_TAKE, type JobStatus } from '@aerie/contract';
import { z } from 'zod';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-layout';

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

/**
 * The list's view in the address (`?page=2&pageSize=50`), so closing a job keeps the page.
 * The router validates the jobs route's search with it; each value falls back on its own.
 */
export const jobListSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n))
    .catch(JOB_LIST_DEFAULT_TAKE),
});

export type JobListView = z.output<typeof jobListSearchSchema>;
