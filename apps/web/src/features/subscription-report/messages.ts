/** User-visible strings of the monthly subscription report pane (spec 000 §2.8, §5, §8, §9). */
export const subscriptionReportMessages = {
  intro:
    'Pick a month in MM/yyyy format and download the report: every subscription active in that month, with its usage.',
  month: 'Month',
  monthPlaceholder: 'MM/YYYY',
  clearMonth: 'Clear month',
  /** spec 000 §5: "Monthly report: month required." */
  monthRequired: 'Month is required.',
  download: 'Download',
  /** spec 000 §8, verbatim (capital P included). */
  failed: 'Failed to fetch monthly subscription report, Please try again later.',
  /** spec 000 §8, the file messages shared across the product. */
  downloadStarted: 'File download initiated',
  previousYear: 'Previous year',
  nextYear: 'Next year',
} as const;
