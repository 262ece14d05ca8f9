/** User-visible strings of dashboards (spec 000 §9, spec 002 §2 "Dashboard"; quoted texts verbatim). */
export const dashboardsMessages = {
  defaultDashboardName: 'My Dashboard',
  title: 'Dashboard',
  chooser: 'Dashboard',
  add: 'Add dashboard',
  addTitle: 'New dashboard',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. Atlantic fleet',
  nameRequired: 'Give the dashboard a name.',
  nameTooLong: 'A name has at most 255 characters.',
  create: 'Create',
  cancel: 'Cancel',
  fullScreen: 'Full screen',
  fullScreenNotSupported: 'Full screen is not supported in your browser.',
  delete: 'Delete dashboard',
  deleteTitle: 'Delete this dashboard?',
  deleteConsequence: (name: string) =>
    `"${name}" and its widgets are removed from this browser. This cannot be undone.`,
  cannotDeleteLast: 'You cannot delete your last dashboard',
  reset: 'Reset dashboards',
  resetTitle: 'Reset all dashboards?',
  resetConsequence:
    "Every dashboard and widget in this browser is removed, and one empty 'My Dashboard' is created.",
  empty:
    'This dashboard has no widgets yet. Pin a device or a subscription from its page to follow it here.',
  keptLocally: 'Dashboards are kept in this browser.',
  pin: 'Pin to dashboard',
  pinTo: (dashboard: string) => `To "${dashboard}"`,
  pinSingle: 'As a tile (1x1)',
  pinList: 'As a list (3x6)',
  pinnedMark: 'Pinned',
  pinned: (entity: string, dashboard: string) => `${entity} is pinned to "${dashboard}".`,
  alreadyPinned: (entity: string, dashboard: string) =>
    `${entity} is already on "${dashboard}" in this form.`,
  widgetActions: (entity: string) => `Widget ${entity}`,
  move: (entity: string) => `Move ${entity}`,
  resize: (entity: string) => `Resize ${entity}`,
  unpin: (entity: string) => `Remove ${entity} from the dashboard`,
  moveHelp:
    'Arrow keys move the widget by one cell (past a widget in the way); or drag it with the mouse.',
  resizeHelp: 'Arrow keys make the widget wider, narrower, taller or shorter; or drag the corner.',
  movedTo: (column: number, row: number) => `Moved to column ${column}, row ${row}.`,
  resizedTo: (width: number, height: number) => `Now ${width} by ${height} cells.`,
  blocked: 'Another widget or the edge of the grid is in the way.',
  unpinned: (entity: string) => `${entity} was removed from the dashboard.`,
  gridLabel: (dashboard: string) => `Widgets of ${dashboard}`,
  deviceFallbackName: 'Device',
  subscriptionFallbackName: 'Subscription',
} as const;

/** The spec's maximum length of a dashboard name. */
export const DASHBOARD_NAME_MAX = 255;
