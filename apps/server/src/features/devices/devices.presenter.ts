import {
  componentTypeSchema,
  type Component,
  type DeviceListField,
  type DeviceListItem,
} from '@aerie/contract';
import type { ComponentRow, DeviceListRow } from './devices.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentComponent(row: ComponentRow): Component | null {
  const type = componentTypeSchema.safeParse(row.type);
  if (!type.success) return null;
  return { type: type.data, model: row.model_shortcode, assetId: row.asset_id, serial: row.serial };
}

/** A device list row with only the requested fields. */
export function presentDeviceListItem(
  row: DeviceListRow,
  fields: ReadonlySet<DeviceListField>,
  components: Component[],
): DeviceListItem {
  const item: DeviceListItem = {};
  if (fields.has('Id')) item.id = row.id;
  if (fields.has('Type')) item.type = row.type;
  if (fields.has('Name')) item.name = row.name;
  if (fields.has('Serial')) item.serial = row.serial;
  if (fields.has('AccountId')) item.accountId = row.account_id;
  if (fields.has('AccountName')) item.accountName = row.account_name;
  if (fields.has('ProductCode')) item.productCode = row.product_code;
  if (fields.has('ProductName')) item.productName = row.product_name;
  if (fields.has('Private')) item.private = row.private;
  if (fields.has('NetworkStatus')) {
    item.networkStatus = {
      satelliteOnline: row.satellite_online,
      cellularOnline: row.cellular_online,
      satelliteSignal: row.satellite_signal,
      cellularSignal: row.cellular_signal,
      wifi: row.wifi,
      beam: row.beam,
      satelliteLastUpdated: iso(row.satellite_last_updated),
      cellularLastUpdated: iso(row.cellular_last_updated),
    };
  }
  if (fields.has('Location')) {
    item.location = {
      coordinates:
        row.latitude === null || row.longitude === null
          ? null
          : { latitude: row.latitude, longitude: row.longitude },
    };
  }
  if (fields.has('Components')) item.components = components;
  return item;
}
