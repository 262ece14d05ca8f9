/** Texts of the device Usage History tab (spec 001 §2 "Usage History", §9). */
export const usageMessages = {
  month: 'Month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  exportCsv: 'Export to CSV',
  loading: 'Loading usage',
  loadFailed: 'The usage could not be loaded.',
  retry: 'Try again',
  empty: 'No usage was recorded for this device in this month.',
  tableCaption: (month: string) => `Daily usage in ${month}`,
  columns: { date: 'Date', cellular: 'Cellular Usage', satellite: 'Satellite Usage' },
  total: 'Total',
  cellularTotal: 'Cellular this month',
  satelliteTotal: 'Satellite this month',
  /** CSV columns (spec 001 §9). */
  csvHeader: ['Date', 'CellularUsage', 'SatelliteUsage'] as const,
} as const;
