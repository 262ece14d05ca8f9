import type { JobStatus } from '@aerie/contract';

/** User-visible texts of the jobs feature (CONVENTIONS §14). */
export const JOB_MESSAGES = {
  /** spec 001 §2, Job detail. */
  notFound: 'Job not found.',
  illegalTransition: (id: string, from: JobStatus, to: JobStatus) =>
    `Job ${id} is ${from}; it cannot become ${to}.`,
  deviceNotInAccount: 'The device does not belong to the job’s account.',
} as const;
