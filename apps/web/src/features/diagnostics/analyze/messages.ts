import type { DiagnosticProcessingStatus } from '@aerie/contract';

/**
 * Texts of the analyze screen (spec 001 §2 "Diagnostics"). The spec's own texts (not found,
 * link copied, not yet supported) are the contract's DIAGNOSTICS_MESSAGES.
 */
export const analyzeMessages = {
  loading: 'Loading the diagnostic file',
  loadFailed: 'The diagnostic file could not be loaded.',
  backToFiles: 'Back to the diagnostic files',
  title: (deviceName: string, fileName: string) => `${deviceName} / ${fileName}`,
  header: {
    label: 'Diagnostic file',
    antennaSerial: 'Antenna serial',
    diagnosticDate: 'Diagnostic date (UTC)',
    size: 'Size',
    uploaded: 'Uploaded (UTC)',
    uploadedBy: (when: string, who: string) => `${when} by ${who}`,
    status: 'Status',
  },
  statuses: {
    Queued: 'Queued',
    Processing: 'Processing',
    Ready: 'Ready',
    Rejected: 'Rejected',
  } satisfies Record<DiagnosticProcessingStatus, string>,
  processing: {
    title: 'This diagnostic file is being processed',
    Queued: 'It is waiting to be unpacked. Its reports open here as soon as it is ready.',
    Processing: 'It is being unpacked and checked. Its reports open here as soon as it is ready.',
    job: 'Follow the processing job',
  },
  rejectedTitle: 'This diagnostic file cannot be analyzed',
  share: {
    button: 'Share',
    title: 'Share this report',
    link: 'Link to this report',
    description: 'Anyone with access to this device can open the report with this link.',
    copy: 'Copy',
    close: 'Close',
    copyFailed: 'The link could not be copied. It is selected: press Ctrl+C (⌘C on a Mac).',
  },
  reports: {
    label: 'Reports',
    loading: 'Loading the reports',
    loadFailed: 'The list of reports could not be loaded.',
    loadingReport: 'Loading the report',
  },
} as const;
