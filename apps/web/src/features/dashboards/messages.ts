/** User-visible strings of dashboards (spec 000 §9; kept verbatim). */
export const dashboardsMessages = {
  defaultDashboardName: 'My Dashboard',
} as const;
