/**
 * The devices feature's public surface for other features (CONVENTIONS §2): only what another
 * feature or the app imports. The feature's own pages import its components directly.
 */
export { deviceQueryKey, getDeviceQueryOptions } from './api/get-device';
export { useDeviceCommand } from './api/run-device-command';
export { DeviceFrame } from './components/device-frame';
export { EditActions } from './components/edit-actions';
export { ComponentsCard } from './components/overview/components-card';
export {
  ActiveBadge,
  Field,
  FieldList,
  OptionalValue,
  OverviewCard,
} from './components/overview/overview-card';
export { formatDataLimit, formatUtcDate, formatUtcDateTime } from './utils/device-display';
export { FleetMapCard } from './components/fleet-map-card-lazy';
export { FleetSummary } from './components/fleet-summary';
export { DeviceWidget } from './components/device-widget';
export { deviceQueryNameOptions } from './api/get-device';
