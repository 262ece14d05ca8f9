/**
 * The rules of device configuration (spec 001 §4 and §5), shared by the server (which refuses
 * what they refuse) and the web app (which shows why). Pure functions, no I/O.
 */
import { SYNC_IN_PROGRESS_TOOLTIP, UNABLE_TO_DEPROVISION } from '../device-operations/commands.js';
import type { ActiveSubscription, Device, SatelliteNetworkConfiguration } from './device.js';
import type { Component } from './device-list.js';

// ---------------------------------------------------------------------------------------------
// IPv4 addresses and subnet masks.

/** Spec 001 §5: dotted quad, four octets 0 to 255. */
export function isValidIpAddress(value: string): boolean {
  const parts = value.split('.');
  return (
    parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number.parseInt(p, 10) <= 255)
  );
}

/** The address as an unsigned 32-bit number; the caller has checked it is valid. */
export function ipToNumber(ip: string): number {
  return ip.split('.').reduce((n, p) => n * 256 + Number.parseInt(p, 10), 0);
}

export function numberToIp(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/** A mask of contiguous ones from the left, /1 to /32. */
export function isValidSubnetMask(mask: string): boolean {
  if (!isValidIpAddress(mask)) return false;
  const n = ipToNumber(mask);
  if (n === 0) return false;
  const inverted = 2 ** 32 - 1 - n;
  // inverted + 1 is a power of two exactly when the ones are contiguous from the left.
  return ((inverted + 1) & inverted) === 0;
}

export function prefixLength(mask: string): number {
  return ipToNumber(mask).toString(2).replace(/0+$/, '').length;
}

/** Network and broadcast addresses of `ip` in the subnet of `mask` (both valid). */
export function subnetOf(ip: string, mask: string): { network: number; broadcast: number } {
  const size = 2 ** (32 - prefixLength(mask));
  const network = Math.floor(ipToNumber(ip) / size) * size;
  return { network, broadcast: network + size - 1 };
}

// ---------------------------------------------------------------------------------------------
// Satellite network configuration (spec 001 §5).

export type NetworkConfigurationField = keyof SatelliteNetworkConfiguration;

/** The nine fields in the spec's order, with the labels its messages use (typo included). */
export const NETWORK_CONFIGURATION_FIELDS: readonly {
  key: NetworkConfigurationField;
  label: string;
}[] = [
  { key: 'eth0IpAddress', label: 'ETH0 IP' },
  { key: 'eth0SubnetMask', label: 'ETH0 Subnet Mask' },
  { key: 'sat0IpAddress', label: 'SAT0 IP' },
  { key: 'sat0SubnetMask', label: 'SAT0 Subnet Mask' },
  { key: 'mgmtIpAddress', label: 'MGMT IP' },
  { key: 'mgmtSubnetMask', label: 'MGMT Subnet Mask' },
  { key: 'dhcpGateway', label: 'DHCP Gateway' },
  { key: 'dhcpClientIpRangeStart', label: 'DCHP Range Start' },
  { key: 'dhcpClientIpRangeEnd', label: 'DHCP Range End' },
];

export const NETWORK_CONFIGURATION_MESSAGES = {
  invalidIp: 'Please enter a valid IP address.',
  invalidField: (label: string) => `Please enter a valid IP Address for "${label}".`,
  eth0Required: 'Please enter valid values for ETH0IpAddress or ETH0Subnetmask.',
  gateway: (value: string) => `DHCP Gateway value should be ${value}.`,
  dhcpNeedsEth0: 'Please enter IP Addresses for "ETH0 IP" and "ETH0 SubnetMask".',
  dhcpInvalid: 'Please enter valid values.',
  // Ours (the spec leaves these cases open): docs/decisions/016-device-operations.md.
  invalidMask: 'The ETH0 Subnet Mask is not a valid subnet mask.',
  eth0NotHost: 'The ETH0 IP is the network or broadcast address of its subnet.',
  noRoomForClients: 'The ETH0 subnet has no room for DHCP clients.',
  rangeOutsideSubnet: 'The DHCP range must lie within the ETH0 subnet.',
  rangeOrder: 'The DHCP range must not start after it ends.',
  rangeIncludesGateway: 'The DHCP range must not include the DHCP Gateway.',
} as const;

const filled = (v: string | null | undefined): v is string => v != null && v.trim() !== '';

export interface DhcpCalculation {
  dhcpGateway: string;
  dhcpClientIpRangeStart: string;
  dhcpClientIpRangeEnd: string;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Auto-calculate DHCP: the modem's ETH0 address is the LAN clients' gateway, and the clients
 * get the larger run of host addresses of the ETH0 subnet on either side of it.
 */
export function calculateDhcp(
  eth0IpAddress: string | null | undefined,
  eth0SubnetMask: string | null | undefined,
): RuleResult<DhcpCalculation> {
  const M = NETWORK_CONFIGURATION_MESSAGES;
  if (!filled(eth0IpAddress) || !filled(eth0SubnetMask))
    return { ok: false, error: M.dhcpNeedsEth0 };
  const ip = eth0IpAddress.trim();
  const mask = eth0SubnetMask.trim();
  if (!isValidIpAddress(ip) || !isValidIpAddress(mask)) return { ok: false, error: M.dhcpInvalid };
  if (!isValidSubnetMask(mask)) return { ok: false, error: M.invalidMask };
  if (prefixLength(mask) >= 31) return { ok: false, error: M.noRoomForClients };
  const { network, broadcast } = subnetOf(ip, mask);
  const self = ipToNumber(ip);
  if (self === network || self === broadcast) return { ok: false, error: M.eth0NotHost };
  const below = self - 1 - network; // hosts network+1 .. self-1
  const above = broadcast - 1 - self; // hosts self+1 .. broadcast-1
  if (below <= 0 && above <= 0) return { ok: false, error: M.noRoomForClients };
  const [start, end] = above >= below ? [self + 1, broadcast - 1] : [network + 1, self - 1];
  return {
    ok: true,
    value: {
      dhcpGateway: ip,
      dhcpClientIpRangeStart: numberToIp(start),
      dhcpClientIpRangeEnd: numberToIp(end),
    },
  };
}

/** A reason a network configuration cannot be saved, and the field it is about. */
export interface NetworkConfigurationIssue {
  field: NetworkConfigurationField;
  message: string;
}

/**
 * Every reason a network configuration cannot be saved, in the spec's order (the first is
 * the one to show), each with the field to mark. All fields empty is allowed.
 */
export function networkConfigurationIssues(
  config: Partial<Record<NetworkConfigurationField, string | null>>,
): NetworkConfigurationIssue[] {
  const M = NETWORK_CONFIGURATION_MESSAGES;
  const issues: NetworkConfigurationIssue[] = [];
  for (const { key, label } of NETWORK_CONFIGURATION_FIELDS) {
    const v = config[key];
    if (filled(v) && !isValidIpAddress(v.trim()))
      issues.push({ field: key, message: M.invalidField(label) });
  }
  if (issues.length) return issues;
  const anySet = NETWORK_CONFIGURATION_FIELDS.some(({ key }) => filled(config[key]));
  if (!anySet) return [];
  if (!filled(config.eth0IpAddress) || !filled(config.eth0SubnetMask))
    return [
      {
        field: filled(config.eth0IpAddress) ? 'eth0SubnetMask' : 'eth0IpAddress',
        message: M.eth0Required,
      },
    ];
  const dhcp = calculateDhcp(config.eth0IpAddress, config.eth0SubnetMask);
  if (!dhcp.ok)
    return [
      {
        field: dhcp.error === M.eth0NotHost ? 'eth0IpAddress' : 'eth0SubnetMask',
        message: dhcp.error,
      },
    ];
  if (config.dhcpGateway?.trim() !== dhcp.value.dhcpGateway)
    issues.push({ field: 'dhcpGateway', message: M.gateway(dhcp.value.dhcpGateway) });
  const start = config.dhcpClientIpRangeStart?.trim();
  const end = config.dhcpClientIpRangeEnd?.trim();
  if (filled(start) || filled(end)) {
    const { network, broadcast } = subnetOf(
      config.eth0IpAddress.trim(),
      config.eth0SubnetMask.trim(),
    );
    const inside = (v: string | undefined) =>
      !filled(v) || (ipToNumber(v) > network && ipToNumber(v) < broadcast);
    if (!inside(start) || !inside(end))
      issues.push({
        field: inside(start) ? 'dhcpClientIpRangeEnd' : 'dhcpClientIpRangeStart',
        message: M.rangeOutsideSubnet,
      });
    else if (filled(start) && filled(end)) {
      const gateway = ipToNumber(dhcp.value.dhcpGateway);
      if (ipToNumber(start) > ipToNumber(end))
        issues.push({ field: 'dhcpClientIpRangeStart', message: M.rangeOrder });
      else if (ipToNumber(start) <= gateway && gateway <= ipToNumber(end))
        issues.push({ field: 'dhcpClientIpRangeStart', message: M.rangeIncludesGateway });
    }
  }
  return issues;
}

/** The messages of {@link networkConfigurationIssues}, in the same order. */
export function validateNetworkConfiguration(
  config: Partial<Record<NetworkConfigurationField, string | null>>,
): string[] {
  return networkConfigurationIssues(config).map((issue) => issue.message);
}

/** Whether all nine fields are set and the configuration passes every rule. */
export function isCompleteNetworkConfiguration(
  config: SatelliteNetworkConfiguration | null,
): boolean {
  if (!config) return false;
  return (
    NETWORK_CONFIGURATION_FIELDS.every(({ key }) => filled(config[key])) &&
    validateNetworkConfiguration(config).length === 0
  );
}

/** Spec 001 §4: the nine fields are required only when the subscription includes Evolution. */
export function networksRequireConfiguration(
  networkIdentifiers: readonly string[] | null | undefined,
): boolean {
  return (networkIdentifiers ?? []).some((n) => /evolution/i.test(n));
}

/** Whether the device's active subscription needs the nine fields (the server says, per role). */
export function isNetworkConfigurationRequired(
  subscription: Pick<ActiveSubscription, 'requiresNetworkConfiguration'> | null,
): boolean {
  return subscription?.requiresNetworkConfiguration ?? false;
}

// ---------------------------------------------------------------------------------------------
// Hardware.

type DeviceHardware = Pick<Device, 'components' | 'product'>;

const component = (d: Pick<Device, 'components'>, type: Component['type']) =>
  d.components.find((c) => c.type === type);

/** The model a component runs with: its own, else the product's preset (GeoModem, BUC). */
export function effectiveModel(d: DeviceHardware, type: Component['type']): string | null {
  const own = component(d, type)?.model ?? null;
  if (own) return own;
  if (type === 'GeoModem') return d.product?.geoModemModel ?? null;
  if (type === 'LeoModem') return d.product?.leoModemModel ?? null;
  if (type === 'BUC') return d.product?.bucModel ?? null;
  return null;
}

/** Spec 001 §4: Hybrid row when an IMEI or a router serial is present. */
export function hasHybridHardware(d: Pick<Device, 'components'>): boolean {
  return Boolean(component(d, 'HybridImei')?.serial || component(d, 'HybridRouter')?.serial);
}

/** Spec 001 §4: Cell row when an ICCID serial or the hybrid hardware is present. */
export function hasCellHardware(d: Pick<Device, 'components'>): boolean {
  return Boolean(component(d, 'HybridIccid')?.serial) || hasHybridHardware(d);
}

/** Spec 001 §5: private mode can change only when the device has a GeoModem with a serial. */
export function canChangePrivateMode(d: Pick<Device, 'components'>): boolean {
  return Boolean(component(d, 'GeoModem')?.serial);
}

/** Spec 001 §5: the typed text must equal the user's first and last name exactly. */
export function privateModeConfirmationMatches(
  typed: string,
  user: { firstName: string; lastName: string },
): boolean {
  return typed === `${user.firstName} ${user.lastName}`;
}

/** Spec 001 §4: types whose model is preset by the product when the product names one. */
const PRESET_TYPES: Partial<
  Record<Component['type'], 'geoModemModel' | 'leoModemModel' | 'bucModel'>
> = { GeoModem: 'geoModemModel', LeoModem: 'leoModemModel', BUC: 'bucModel' };

export const MODEL_MANAGED_BY_PRODUCT =
  'Model assignment for this field is managed via Salesforce Product metadata.';

export function isComponentModelEditable(
  type: Component['type'],
  product: Device['product'],
): boolean {
  const key = PRESET_TYPES[type];
  return !key || !product?.[key];
}

// ---------------------------------------------------------------------------------------------
// Sync and the three switches (spec 001 §4).

export const PRE_SYNC_ERRORS = {
  noActiveSubscription: 'The device has no active subscription.',
  noAntennaModel: 'The device has no antenna model.',
  noModemSerial: 'The device has no modem serial.',
  noModemModel: 'The device has no modem model.',
  noBucModel: 'The device has no BUC model.',
  invalidNetworkConfiguration: 'The satellite network configuration is not valid.',
} as const;

export type SyncRuleDevice = Pick<
  Device,
  | 'components'
  | 'product'
  | 'activeSubscription'
  | 'satelliteNetworkConfiguration'
  | 'provisioned'
  | 'activated'
  | 'enableCellTraffic'
  | 'syncInProgress'
>;

/** Every pre-sync error of spec 001 §4, in the spec's order. */
export function preSyncErrors(d: SyncRuleDevice): string[] {
  const E = PRE_SYNC_ERRORS;
  const errors: string[] = [];
  if (!d.activeSubscription) errors.push(E.noActiveSubscription);
  if (!effectiveModel(d, 'Antenna')) errors.push(E.noAntennaModel);
  if (!component(d, 'GeoModem')?.serial) errors.push(E.noModemSerial);
  if (!effectiveModel(d, 'GeoModem')) errors.push(E.noModemModel);
  if (!effectiveModel(d, 'BUC')) errors.push(E.noBucModel);
  if (
    isNetworkConfigurationRequired(d.activeSubscription) &&
    !isCompleteNetworkConfiguration(d.satelliteNetworkConfiguration)
  )
    errors.push(E.invalidNetworkConfiguration);
  return errors;
}

export const SYNC_MESSAGES = {
  inProgress: 'Device sync is currently in progress.',
  ready: 'Device is ready to be synchronized.',
  hubUnavailable: 'Could not retrieve current NMS hub state.',
} as const;

export type SyncMessage =
  | { kind: 'info'; text: string }
  | { kind: 'success'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'warning'; blockers: string[] };

/** The sync card's state: whether Synchronize is enabled and the message under it. */
export function syncStatus(
  d: SyncRuleDevice,
  hubStateAvailable: boolean,
): { canSynchronize: boolean; message: SyncMessage } {
  const blockers = preSyncErrors(d);
  const canSynchronize =
    !d.syncInProgress && hubStateAvailable && d.activeSubscription != null && !blockers.length;
  if (d.syncInProgress)
    return { canSynchronize, message: { kind: 'info', text: SYNC_MESSAGES.inProgress } };
  if (blockers.length) return { canSynchronize, message: { kind: 'warning', blockers } };
  if (!hubStateAvailable)
    return { canSynchronize, message: { kind: 'error', text: SYNC_MESSAGES.hubUnavailable } };
  return { canSynchronize, message: { kind: 'success', text: SYNC_MESSAGES.ready } };
}

export interface SwitchState {
  checked: boolean;
  disabled: boolean;
  /** Tooltip/title explaining why the switch is disabled, when the spec gives one. */
  title: string | null;
}

export function provisionedSwitch(d: SyncRuleDevice): SwitchState {
  if (d.provisioned) return { checked: true, disabled: true, title: UNABLE_TO_DEPROVISION };
  if (d.syncInProgress) return { checked: false, disabled: true, title: SYNC_IN_PROGRESS_TOOLTIP };
  return { checked: false, disabled: !d.activeSubscription?.canProvision, title: null };
}

export function activatedSwitch(d: SyncRuleDevice): SwitchState {
  if (d.syncInProgress)
    return { checked: d.activated, disabled: true, title: SYNC_IN_PROGRESS_TOOLTIP };
  return {
    checked: d.activated,
    disabled: !d.provisioned || !d.activeSubscription?.canActivate,
    title: null,
  };
}

/** Allow Cell Traffic: needs a provisioned device, cellular on the subscription and hardware. */
export function cellTrafficSwitch(d: SyncRuleDevice): SwitchState {
  if (d.syncInProgress)
    return { checked: d.enableCellTraffic, disabled: true, title: SYNC_IN_PROGRESS_TOOLTIP };
  return {
    checked: d.enableCellTraffic,
    disabled: !d.provisioned || !d.activeSubscription?.hasCellular || !hasCellHardware(d),
    title: null,
  };
}

/**
 * Spec 001 §4: provisioned (or activated) counts as in sync when the required beam ids equal
 * the set of beams provisioned (or activated) on the network, with no extras.
 */
export function beamsInSync(
  requiredIds: Iterable<string>,
  onNetworkIds: Iterable<string>,
): boolean {
  const required = new Set(requiredIds);
  const actual = new Set(onNetworkIds);
  return required.size === actual.size && [...required].every((id) => actual.has(id));
}

// ---------------------------------------------------------------------------------------------
// Software (spec 001 §5).

export const SOFTWARE_MESSAGES = {
  noUpdates:
    'There are no available updates for this Device. Please ensure the Device has checked in at least once to provide the system the Current Firmware.',
  minimumVersion: (version: string) =>
    `The minimum required version for this release is ${version}. Updating from older releases may break the antenna.`,
  certificateUnavailable: 'Certificate is not available for this device.',
  /** A device is never locked with an update pending: locking waits for the update's cancel. */
  updateScheduledNoLock:
    'A software update is scheduled for this device. Cancel it before locking the software.',
} as const;
