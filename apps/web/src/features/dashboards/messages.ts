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
} as const;

/** The spec's maximum length of a dashboard name. */
export const DASHBOARD_NAME_MAX = 255;
