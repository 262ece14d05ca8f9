import { z } from 'zod';
import { listPagingSchema } from '../lists/list-query.js';

/**
 * Job statuses (docs/decisions/012-zones-and-jobs.md). Queued and Running are active; Success,
 * Error and PartialSuccess are final, the same names as the hub's final sync results.
 */
export const jobStatuses = ['Queued', 'Running', 'Success', 'Error', 'PartialSuccess'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const activeJobStatuses = ['Queued', 'Running'] as const satisfies readonly JobStatus[];
/**
 * How long a finished job stays in the jobs list with its outcome (issue 13: a user who started
 * a sync in the morning still sees how it ended in the afternoon).
 */
export const FINISHED_JOBS_LISTED_HOURS = 24;
export const finalJobStatuses = [
  'Success',
  'Error',
  'PartialSuccess',
] as const satisfies readonly JobStatus[];
export type FinalJobStatus = (typeof finalJobStatuses)[number];

export function isFinalJobStatus(status: JobStatus): status is FinalJobStatus {
  return (finalJobStatuses as readonly JobStatus[]).includes(status);
}

/** What a job does, e.g. `syncToHub` or `updateSoftware`: a short identifier. */
export const jobKindSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9._-]{0,63}$/, 'A job kind is a short identifier (letters first).');

export const jsonObjectSchema = z.record(z.string(), z.json());
export type JsonObject = z.infer<typeof jsonObjectSchema>;
export type JsonValue = z.infer<ReturnType<typeof z.json>>;

/** A job as `GET /v2/jobs/{id}` answers it ("the raw job", spec 001 §2). */
export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: jobStatusSchema,
  accountId: z.uuid(),
  /** The device the job acts on, if any (null also once the device is deleted). */
  deviceId: z.uuid().nullable(),
  createdOn: z.iso.datetime({ offset: true }),
  /** When the job reached a final status; null while it is active. */
  finishedOn: z.iso.datetime({ offset: true }).nullable(),
  /** What the job was asked to do. */
  payload: jsonObjectSchema,
  /** What the job reported when it finished (null while active). */
  result: z.json().nullable(),
  /** How far a running job is, 0 to 1, for jobs that report it (a bundle's unpacking); else null. */
  progress: z.number().min(0).max(1).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A row of the Active Jobs list (spec 001 §2 shows id, createdOn and status). */
export const jobListItemSchema = jobSchema.pick({
  id: true,
  kind: true,
  status: true,
  accountId: true,
  deviceId: true,
  createdOn: true,
  progress: true,
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const JOB_LIST_DEFAULT_TAKE = 25;
export const JOB_LIST_MAX_TAKE = 100;

/** Query of `GET /v2/jobs`: the paging of the list query (lists/). */
export const jobListQuerySchema = listPagingSchema({
  defaultTake: JOB_LIST_DEFAULT_TAKE,
  maxTake: JOB_LIST_MAX_TAKE,
  maxSkip: 1_000_000,
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobListSchema = z.object({
  items: z.array(jobListItemSchema),
  total: z.number().int().min(0),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid('The job id is not valid.') });
