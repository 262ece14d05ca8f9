/**
 * Texts of the home page's fleet summary and fleet map (spec 002 §2 "Home", issue 15): apart
 * from messages.ts so /home does not load every device page's texts.
 */
export const fleetMessages = {
  summaryTitle: 'Your fleet',
  summaryLabel: 'Fleet summary',
  attentionTitle: 'Needs attention',
  loadFailed: 'The fleet summary could not be loaded.',
  states: {
    online: 'Online',
    offline: 'Offline',
    total: 'Total devices',
    offlineOver24h: 'Offline over 24 h',
    syncPending: 'Sync pending',
    syncBlocked: 'Sync blocked',
    hubJobFailed: 'Hub job failed',
  },
  allClear: 'Nothing needs attention.',
  map: {
    title: 'Fleet map',
    mapLabel: 'Map of your devices',
    loading: 'Loading map',
    loadFailed: 'The map could not be loaded.',
    notAvailable: 'Map not available.',
    onlineOnly: 'Online only',
    shown: (n: number) =>
      `${n.toLocaleString('en-US')} ${n === 1 ? 'device' : 'devices'} on the map`,
    legendOnline: 'Online',
    legendOffline: 'Offline',
    legendCluster: 'Group (red: share offline)',
    attribution: 'Natural Earth, GeoNames',
    empty: 'None of your devices has a location to show.',
    noneOnline: 'None of the devices on the map is online.',
    previewLabel: (devices: number, groups: number) =>
      `Map of your devices: ${devices.toLocaleString('en-US')} ${
        devices === 1 ? 'device' : 'devices'
      } in ${groups.toLocaleString('en-US')} ${groups === 1 ? 'place' : 'places'}. Drag or use the arrow keys to move; the wheel, + and − zoom; a group zooms in when clicked, a device opens.`,
    previewRole: 'map',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
  },
} as const;
