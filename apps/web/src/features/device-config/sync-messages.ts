import { SYNC_MESSAGES, commandFailureMessage } from '@aerie/contract';

/** Texts of the sync card and the Device Hub State card (spec 001 §2, §4, §8 verbatim). */
export const syncMessages = {
  title: 'Synchronization',
  provisioned: 'Provisioned',
  activated: 'Activated',
  cellTraffic: 'Allow Cell Traffic',
  synchronize: 'Synchronize',
  refresh: 'Refresh',
  yes: 'Yes',
  no: 'No',
  blockersTitle: 'This device cannot be synchronized yet:',
  inProgress: SYNC_MESSAGES.inProgress,
  ready: SYNC_MESSAGES.ready,
  /** Instead of 'ready' when the hub already holds what the device requires (issue 13). */
  inSync: 'Device is in sync with the hub: nothing is pending.',
  hubUnavailable: SYNC_MESSAGES.hubUnavailable,
  queueFailed: 'Error queueing a sync to hub.',
  commandFailed: commandFailureMessage,
  commandQueued: 'The hub is applying the change. You will be notified when it ends.',
  confirmTitle: 'Synchronize with the hub',
  confirmText: (name: string) =>
    `Synchronize ${name} with the hub? The hub applies the device's beams, activation and cell traffic in the background; this may take several minutes.`,
  confirm: 'Synchronize',
  provisionTitle: 'Provision on the hub',
  provisionText: (name: string) =>
    `Provision ${name} on the hub? The hub creates the device on its required beams. A provisioned device cannot be deprovisioned from the portal.`,
  provisionConfirm: 'Provision',
  cancel: 'Cancel',
  /** The in-sync badges of Device Hub State and the Network Inventory. */
  syncState: { inSync: 'In sync', outOfSync: 'Out of sync', unknown: 'Unknown' },
  hubState: {
    title: 'Device Hub State',
    beam: 'Beam',
    nms: 'NMS',
    required: 'Required',
    actual: 'On the hub',
    provisionedOn: 'Provisioned on',
    activatedOn: 'Activated on',
    noBeams: 'No beam is required for this device or present on the hub.',
    provisionedInSync: 'Provisioned beams',
    activatedInSync: 'Activated beams',
    hybrid: 'Hybrid',
    cellular: 'Cellular',
    hybridState: (provisioned: boolean, activated: boolean) =>
      `${provisioned ? 'Provisioned' : 'Not provisioned'}, ${activated ? 'activated' : 'not activated'}`,
    cellularState: (activated: boolean) => (activated ? 'Activated' : 'Not activated'),
    loading: 'Reading the hub state…',
  },
} as const;
