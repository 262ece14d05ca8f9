import type { Job, JobListItem } from '@aerie/contract';
import type { JobListRow, JobRow } from './jobs.repository.js';

export function presentJobListItem(row: JobListRow): JobListItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    accountId: row.accountId,
    deviceId: row.deviceId,
    createdOn: row.createdOn.toISOString(),
    progress: row.progress,
  };
}

export function presentJob(row: JobRow): Job {
  return {
    ...presentJobListItem(row),
    finishedOn: row.finishedOn?.toISOString() ?? null,
    payload: row.payload,
    result: row.result,
  };
}
