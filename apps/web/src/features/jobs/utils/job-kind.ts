import type { JobStatus } from '@aerie/contract';
import { jobMessages } from '../messages';

// NOTE: not in job-display.ts, which the router's first chunk loads (the list's search schema):
// the jobs' messages would go with it.

/** A job kind as people read it ('Diagnostic bundle processing'), else the kind itself. */
export function formatJobKind(kind: string): string {
  return Object.hasOwn(jobMessages.kinds, kind) ? (jobMessages.kinds[kind] ?? kind) : kind;
}

/** A running job's progress (0 to 1) in whole percent; null when the job does not report it. */
export function jobProgressPercent(job: {
  status: JobStatus;
  progress: number | null;
}): number | null {
  if (job.status !== 'Running' || job.progress === null) return null;
  return Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
}
