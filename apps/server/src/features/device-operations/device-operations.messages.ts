import { SOFTWARE_MESSAGES, SYNC_MESSAGES, UNABLE_TO_DEPROVISION } from '@aerie/contract';

/**
 * The answers of device commands and delete (docs/decisions/016-device-operations.md). The
 * spec's own texts come from the contract; the others are ours.
 */
export const DEVICE_OPERATION_MESSAGES = {
  deviceNotFound: 'Device not found.',
  // 409: the device's state refuses the command.
  unableToDeprovision: UNABLE_TO_DEPROVISION,
  hubOperationInProgress: (kind: string) =>
    `${SYNC_MESSAGES.inProgress} Wait for the running ${kind} to end before sending another hub command.`,
  noActiveSubscription: 'The device has no active subscription.',
  cannotProvision: 'The active subscription does not allow provisioning this device.',
  alreadyProvisioned: 'The device is already provisioned.',
  notProvisioned: 'The device is not provisioned.',
  cannotActivate: 'The active subscription does not allow activating this device.',
  alreadyActivated: 'The device is already activated.',
  notActivated: 'The device is not activated.',
  noCellularService: 'The active subscription has no cellular service.',
  noCellHardware: 'The device has no cellular hardware (ICCID, IMEI or hybrid router serial).',
  cellTrafficAlreadyAllowed: 'Cell traffic is already allowed for this device.',
  cellTrafficAlreadyBlocked: 'Cell traffic is already blocked for this device.',
  syncBlocked: (blockers: readonly string[]) =>
    `The device cannot be synchronized: ${blockers.join(' ')}`,
  softwareLocked: 'The software of this device is locked. Unlock it before updating.',
  noSoftwareUpdates: SOFTWARE_MESSAGES.noUpdates,
  noScheduledUpdate: 'The device has no scheduled software update to cancel.',
  updateScheduledNoLock: SOFTWARE_MESSAGES.updateScheduledNoLock,
  softwareChanged:
    "The device's software changed while the update was being scheduled. Reload it and try again.",
  privateModeNeedsGeoModem:
    'Private mode can be changed only on a device with a GeoModem that has a serial.',
  // 400: the body does not fit the command.
  versionRequired: 'The updateSoftware command needs the target version in "data".',
  versionNotAvailable: (version: string) =>
    `Version ${version} is not an available update for this device.`,
  confirmationRequired: 'Type your first and last name in "confirmation" to change private mode.',
  confirmationMismatch: 'The confirmation does not match your first and last name.',
  // 502: the hub refused or could not be reached while deleting.
  queueFailed: 'Error queueing a sync to hub.',
  hubRemovalFailed: 'The device could not be removed from the hub, so it was not deleted.',
  // Job results and notifications.
  hubTimeout: 'The hub did not answer in time.',
  hubUnreachable: (reason: string) => `The hub could not be reached: ${reason}`,
  hubLostOperation: 'The hub lost track of the operation.',
  deviceGone: 'The device was deleted before the hub operation ended.',
} as const;

/** What each hub command is called in a notification ("Activation failed for …"). */
export const HUB_COMMAND_TITLES = {
  provision: 'Provisioning',
  activate: 'Activation',
  deactivate: 'Deactivation',
  enableCellTraffic: 'Allowing cell traffic',
  disableCellTraffic: 'Blocking cell traffic',
  syncToHub: 'Sync with the hub',
} as const;
