/**
 * The server's own texts of the diagnostics feature (CONVENTIONS §14). The spec's texts and the
 * upload's answers live in the contract (DIAGNOSTICS_MESSAGES); these are the server's alone.
 */
export const DIAGNOSTICS_SERVER_MESSAGES = {
  tooManyUploads: (max: number) =>
    `At most ${max} diagnostic uploads may run at once per user. Try again when one has finished.`,
  invalidLink: 'The link is invalid or has expired.',
  fileNameTooLong: (max: number) => `The file name must be at most ${max} characters.`,
  fileNameControl: 'The file name must not contain control characters.',
  /** A duplicate name whose stored file the caller may not see (only staff upload today). */
  duplicateElsewhere: 'A diagnostic file of that name is already stored.',
  serialFieldInvalid: 'The antenna serial has letters, digits, dots and dashes (at most 64).',
  /** Processing: the stored bundle is gone (removed by hand, or lost with its disk). */
  bundleMissing: 'The stored bundle is missing.',
  /** Processing failed for a reason that is not the bundle's (logged with the detail). */
  processingFailed: 'The bundle could not be processed.',
  /** An upload refused for want of disk space (507): the caller can try again later. */
  noSpaceForUpload:
    'The server does not have enough free storage space for this file right now. Please try again later.',
  /** Processing: the disk filled up while the bundle was unpacked (its contents are removed). */
  diskFull: 'The server ran out of storage space while unpacking the bundle.',
} as const;
