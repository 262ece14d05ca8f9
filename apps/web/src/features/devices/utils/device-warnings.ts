import type { Device } from '@aerie/contract';
import { deviceMessages } from '../messages';

export type DeviceWarningKind = 'noSubscription' | 'rawTest3' | 'notInSalesforce' | 'private';

export interface DeviceWarning {
  kind: DeviceWarningKind;
  text: string;
}

/** The warnings area of the overview (spec 001 §2), each with its condition, in the spec's order. */
export function deviceWarnings(
  device: Pick<Device, 'activeSubscription' | 'serial' | 'name' | 'salesforceAssetId' | 'private'>,
): DeviceWarning[] {
  const texts = deviceMessages.overview.warnings;
  const warnings: DeviceWarning[] = [];
  if (!device.activeSubscription)
    warnings.push({ kind: 'noSubscription', text: texts.noSubscription });
  if (!device.serial && device.name.toLowerCase().includes('test3'))
    warnings.push({ kind: 'rawTest3', text: texts.rawTest3 });
  if (!device.salesforceAssetId)
    warnings.push({ kind: 'notInSalesforce', text: texts.notInSalesforce });
  if (device.private) warnings.push({ kind: 'private', text: texts.private });
  return warnings;
}
