/** Texts of the device pages (spec 001 §2 "Device list", "Device detail"). */
export const deviceMessages = {
  listTitle: 'Devices',
  notFound: 'Device not found.',
  loadFailed: 'The device could not be loaded.',
  close: 'Close device',
  tabsLabel: 'Device sections',
  sections: {
    overview: 'Overview',
    configuration: 'Service Configuration',
    usage: 'Usage History',
    metrics: 'Metrics',
    json: 'JSON',
    diagnostics: 'Diagnostics',
  },
} as const;
