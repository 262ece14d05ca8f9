/** The health feature's public surface for the app and other features (CONVENTIONS §2). */
export { getMaintenance, getMaintenanceQueryOptions } from './api/get-maintenance';
export { CacheClearActions } from './components/cache-clear-actions';
export { MaintenanceStrip } from './components/maintenance-strip';
export { MaintenanceSwitch } from './components/maintenance-switch';
export { SystemHealth } from './components/system-health';
export { healthMessages } from './messages';
