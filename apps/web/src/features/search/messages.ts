/** User-visible strings of global search (spec 000 §2.7; quoted texts kept verbatim). */
export const searchMessages = {
  label: 'Search devices, subscriptions and documents',
  placeholder: 'Search devices, serials, subscriptions, documents',
  /** The shortcut that focuses the box, as the box shows it. */
  shortcutHint: '/',
  open: 'Search',
  close: 'Close search',
  noHistory: 'No history yet.',
  noResults: 'No results were found.',
  searching: 'Searching…',
  failed: 'The search failed. Try again in a moment.',
  recentSearches: 'Recent searches',
  recentResults: 'Recent results',
  devices: 'Devices',
  subscriptions: 'Subscriptions',
  docs: 'Documents',
  typeMore: 'Type at least 3 characters to search.',
  kinds: {
    device: 'Device',
    remote: 'Remote',
    subscription: 'Subscription',
    doc: 'Document',
  },
  /** What a device matched when it is not its name. */
  match: {
    serial: 'Serial',
    remoteId: 'Remote ID',
  },
  /** Component types as users know them. */
  componentTypes: {
    Antenna: 'Antenna serial',
    GeoModem: 'Modem serial',
    HybridImei: 'IMEI',
    HybridIccid: 'ICCID',
    LeoModemImei: 'LEO modem IMEI',
    HybridRouter: 'Router serial',
  } as Record<string, string>,
  results: (n: number) => (n === 1 ? '1 result' : `${n} results`),
} as const;
