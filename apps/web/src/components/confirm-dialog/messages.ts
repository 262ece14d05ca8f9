/** User-visible strings of the shared confirmation dialog. */
export const confirmDialogMessages = {
  cancel: 'Cancel',
} as const;
