import { DIAGNOSTICS_LIMITS as L, DIAGNOSTICS_MESSAGES as D } from '@aerie/contract';

/**
 * Texts of the diagnostics screens: Tools > Diagnostics Upload, a device's Diagnostics tab and
 * the diagnostic download page (spec 001 §2, §5, §8). The spec's own strings come from the
 * contract's DIAGNOSTICS_MESSAGES, verbatim; the rest are ours.
 */
export const diagnosticsMessages = {
  /** Asking again for a file or a report that failed to load. */
  retry: 'Try again',
  upload: {
    /** spec 001 §2 Tools: what the user is told about the files. */
    rules: [
      `Each file may be at most ${L.maxFileBytes / 1_000_000}MB.`,
      'File names have the format ANTENNASERIAL_yyyymmddhhMMss.kdp.',
      'Each file is encrypted, gzipped and a tar archive.',
    ],
    rulesLabel: 'Diagnostic files',
    dropZoneLabel: 'Diagnostic files to upload',
    dropHint: 'Drag diagnostic files (.kdp) here, or',
    choose: 'Choose files',
    note: `Up to ${L.maxParallelUploads} files upload at a time.`,
    tableLabel: 'Diagnostic uploads',
    columns: {
      fileName: 'File Name',
      size: 'Size',
      status: 'Status',
      actions: 'Actions',
      remove: 'Remove',
    },
    status: {
      pending: 'Pending',
      uploading: 'Uploading',
      done: 'Done',
      error: 'Error',
    },
    uploadingPercent: (name: string) => `Uploading ${name}`,
    errorOf: (name: string) => `Why ${name} failed`,
    noneChosen: 'No files chosen.',
    /** spec 001 §2. */
    start: 'Start Uploads',
    /** spec 001 §2. */
    clear: 'Clear',
    copyLink: (name: string) => `Copy the link to ${name}`,
    viewLabel: 'View',
    view: (name: string) => `View ${name}`,
    remove: (name: string) => `Remove ${name}`,
    removeBlocked: (name: string) => `${name} is uploading and cannot be removed`,
    noActions: '-',
    duplicates: (names: readonly string[]) =>
      `Already in the list, not added again: ${names.join(', ')}.`,
  },
  /** The processing states of a stored file (decision 039). */
  processing: {
    Queued: 'Queued',
    Processing: 'Processing',
    Ready: 'Ready',
    Rejected: 'Rejected',
    reasonOf: (name: string) => `Why ${name} was rejected`,
    noReason: 'No reason was given.',
    duplicate: 'Already uploaded',
  },
  browser: {
    tableLabel: 'Diagnostic files',
    columns: {
      fileName: 'File Name',
      fileSize: 'File Size',
      createdOn: 'Created On (UTC)',
      status: 'State',
      actions: 'Actions',
    },
    /** spec 001 §2. */
    empty: D.noFiles,
    loadFailed: 'The diagnostic files could not be loaded.',
    analyze: 'Analyze',
    analyzeFile: (name: string) => `Analyze ${name}`,
    download: 'Download',
    downloadFile: (name: string) => `Download ${name}`,
    /** spec 001 §8 "Download file". */
    downloadFailed: 'Error downloading file.',
    /** spec 001 §8 "Download file": success. */
    downloadStarted: 'File download initiated',
    more: (shown: number, total: number) => `The newest ${shown} of ${total} files are shown.`,
    noAntenna:
      'This device has no antenna serial: diagnostic files are filed under the antenna’s serial, so none can be listed or uploaded here.',
  },
  deviceUpload: {
    title: 'Upload a diagnostic file',
    fileLabel: 'Diagnostic file',
    placeholder: 'ANTENNASERIAL_yyyymmddhhMMss.kdp',
    description: `One .kdp file at a time, at most ${L.maxFileBytes / 1_000_000}MB; encrypted, gzipped and a tar archive.`,
    submit: 'Upload',
    progress: 'Upload progress',
  },
  /** spec 001 §2 Tools: an error without a message. */
  unknownError: D.unknownError,
  /** spec 001 §8 "Copy link" and the log viewer's copy failure. */
  linkCopied: D.linkCopied,
  copyFailed: 'Failed to copy to clipboard.',
  download: {
    title: 'Diagnostic Download',
    preparing: 'Preparing the download',
    /** spec 001 §8 "Download file": success. */
    started: 'File download initiated',
    startedHint: 'Your download should begin shortly.',
  },
} as const;
