import type { JobStatus } from '@aerie/contract';

/**
 * The job state machine (docs/decisions/012-zones-and-jobs.md): a job is queued, runs, and
 * ends once. A queued job may fail without running (it could not be started or was
 * cancelled); success needs a run. Final statuses have no way out.
 */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  Queued: ['Running', 'Error'],
  Running: ['Success', 'Error', 'PartialSuccess'],
  Success: [],
  Error: [],
  PartialSuccess: [],
};

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

/** The statuses a job may be in to move to `to` (the guard of the conditional update). */
export function sourcesOf(to: JobStatus): JobStatus[] {
  return (Object.keys(JOB_TRANSITIONS) as JobStatus[]).filter((from) => canTransition(from, to));
}
