import { formatCount } from '../../lib/format-count';
/** Texts of the Active Jobs page and the job detail (spec 001 §2 "Jobs"). */
export const jobMessages = {
  listTitle: 'Active Jobs',
  listDescription: (hours: number) =>
    `Queued and running jobs, and those that finished in the last ${hours} hours with their outcome.`,
  tableLabel: 'Active jobs',
  /** spec 001 §2. */
  empty: 'No active jobs were found.',
  columns: {
    id: 'Id',
    createdOn: 'Created On (UTC)',
    status: 'Status',
  },
  /** A running job's progress bar. */
  progressOf: (id: string) => `Progress of job ${id}`,
  total: (n: number) => (n === 1 ? '1 job' : `${formatCount(n)} jobs`),
  listLoadFailed: 'The active jobs could not be loaded.',
  detailTitle: 'Job Detail',
  loading: 'Loading job',
  /** spec 001 §2 and §8. */
  notFound: 'Job not found.',
  loadFailed: 'The job could not be loaded.',
  kind: 'Kind',
  /** Readable names of the job kinds that have one; any other kind shows as it is. */
  kinds: {
    processDiagnosticBundle: 'Diagnostic bundle processing',
  } as Readonly<Record<string, string>>,
  status: 'Status',
  createdOn: 'Created on (UTC)',
  finishedOn: 'Finished on (UTC)',
  device: 'Device',
  openDevice: 'Open the device',
  json: 'Job JSON',
} as const;
