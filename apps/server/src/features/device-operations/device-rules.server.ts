import { hasCellHardware, preSyncErrors, type Device, type HubCommand } from '@aerie/contract';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';

/**
 * Why the device's state refuses a hub command (409), or null when it may run (spec 001 §4;
 * the web app's switches use the same rules from the contract to disable themselves).
 */
export function hubCommandRefusal(d: Device, command: HubCommand): string | null {
  const sub = d.activeSubscription;
  switch (command) {
    case 'provision':
      if (d.provisioned) return M.alreadyProvisioned;
      if (!sub) return M.noActiveSubscription;
      return sub.canProvision ? null : M.cannotProvision;
    case 'activate':
      if (!d.provisioned) return M.notProvisioned;
      if (!sub) return M.noActiveSubscription;
      if (!sub.canActivate) return M.cannotActivate;
      return d.activated ? M.alreadyActivated : null;
    case 'deactivate':
      return d.activated ? null : M.notActivated;
    case 'enableCellTraffic':
    case 'disableCellTraffic': {
      if (!d.provisioned) return M.notProvisioned;
      if (!sub?.hasCellular) return M.noCellularService;
      if (!hasCellHardware(d)) return M.noCellHardware;
      const enable = command === 'enableCellTraffic';
      if (enable && d.enableCellTraffic) return M.cellTrafficAlreadyAllowed;
      if (!enable && !d.enableCellTraffic) return M.cellTrafficAlreadyBlocked;
      return null;
    }
    case 'syncToHub': {
      const blockers = preSyncErrors(d);
      return blockers.length ? M.syncBlocked(blockers) : null;
    }
  }
}
