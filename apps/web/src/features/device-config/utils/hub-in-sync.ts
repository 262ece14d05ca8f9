import { beamsInSync, type Device, type HubState } from '@aerie/contract';

/**
 * Whether a sync has nothing left to do: the device is provisioned and the hub holds exactly
 * its required beams, activated on them as the device is (or on none when it is not), and
 * cell traffic as the device allows it (spec 001 §4 "in sync").
 */
export function hubInSync(
  device: Pick<Device, 'provisioned' | 'activated' | 'enableCellTraffic'>,
  hub: HubState,
): boolean {
  const required = hub.beams.filter((b) => b.isRequired).map((b) => b.networkId);
  const provisioned = hub.beams.filter((b) => b.isActuallyOn).map((b) => b.networkId);
  const activated = hub.beams.filter((b) => b.activatedOn !== null).map((b) => b.networkId);
  return (
    device.provisioned &&
    beamsInSync(required, provisioned) &&
    (device.activated ? beamsInSync(required, activated) : activated.length === 0) &&
    hub.cellular.activated === device.enableCellTraffic
  );
}
