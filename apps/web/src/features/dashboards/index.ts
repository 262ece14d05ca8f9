/** The dashboards feature's public surface for the app and other features (CONVENTIONS §2). */
export { loadDashboards } from './utils/dashboards-storage';
export { useDashboards } from './hooks/use-dashboards';
