import {
  componentTypeSchema,
  type Component,
  type Device,
  type DeviceListField,
  type DeviceListItem,
} from '@aerie/contract';
import type { ComponentRow, DeviceDetailRows, DeviceListRow } from './devices.repository.js';

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
      satelliteLastUpdated: row.satellite_last_updated,
      cellularLastUpdated: row.cellular_last_updated,
    };
  }
  if (fields.has('Location')) {
    // A private device's position is not given in lists (the map fetch, exports): it stays
    // off every map of many devices (spec 001 §2 private mode; decision 018).
    item.location = {
      coordinates:
        row.private || row.latitude === null || row.longitude === null
          ? null
          : { latitude: row.latitude, longitude: row.longitude },
    };
  }
  if (fields.has('Components')) item.components = components;
  return item;
}

/** The full device of `GET /v2/devices/{id}`. */
export function presentDevice({
  device: d,
  components,
  subscriptions,
  networkConfig: n,
  sim,
}: DeviceDetailRows): Device {
  const active = subscriptions.find((s) => s.active) ?? null;
  const iso8601 = (date: Date) => date.toISOString();
  return {
    id: d.id,
    name: d.name,
    serial: d.serial,
    type: d.type,
    productCode: d.product_code,
    productName: d.product_name,
    product: d.product_code
      ? {
          geoModemModel: d.geo_modem_model,
          leoModemModel: d.leo_modem_model,
          bucModel: d.buc_model,
        }
      : null,
    accountId: d.account_id,
    accountName: d.account_name,
    private: d.private,
    provisioned: d.provisioned,
    activated: d.activated,
    enableCellTraffic: d.enable_cell_traffic,
    syncInProgress: d.sync_in_progress,
    salesforceAssetId: d.salesforce_asset_id,
    publicKey: d.public_key,
    features: d.features,
    components: components.map(presentComponent).filter((c): c is Component => c !== null),
    networkStatus: {
      satelliteOnline: d.satellite_online,
      cellularOnline: d.cellular_online,
      satelliteSignal: d.satellite_signal,
      cellularSignal: d.cellular_signal,
      wifi: d.wifi,
      beam: d.beam,
      satelliteLastUpdated: iso(d.satellite_last_updated),
      cellularLastUpdated: iso(d.cellular_last_updated),
    },
    location: {
      coordinates:
        d.latitude === null || d.longitude === null
          ? null
          : { latitude: d.latitude, longitude: d.longitude },
      satelliteLocationUpdatedOn: iso(d.satellite_location_updated_on),
      cellularLocationUpdatedOn: iso(d.cellular_location_updated_on),
    },
    software: {
      currentVersion: d.software_current_version,
      targetVersion: d.software_target_version,
      locked: d.software_locked,
      lastUpdatedOn: iso(d.software_last_updated_on),
      lastCheckin: iso(d.software_last_checkin),
    },
    activeSubscription: active
      ? {
          id: active.id,
          subscriptionId: active.id,
          description: active.description,
          dataLimitInGb: active.data_limit_gb,
          startDate: iso8601(active.start_date),
          endDate: iso8601(active.end_date),
          active: true,
          hasSatellite: active.has_satellite,
          hasCellular: active.has_cellular,
          canProvision: active.can_provision,
          canActivate: active.can_activate,
          networkIdentifiers: active.network_identifiers,
        }
      : null,
    subscriptionHistory: subscriptions
      .filter((s) => !s.active)
      .map((s) => ({ id: s.id, startDate: iso8601(s.ds_start), endDate: iso(s.ds_end) })),
    // bigint columns arrive as strings from the driver.
    totalSatelliteUsage: Number(d.total_satellite_usage),
    totalCellularUsage: Number(d.total_cellular_usage),
    satelliteNetworkConfiguration: n
      ? {
          eth0IpAddress: n.eth0_ip_address,
          eth0SubnetMask: n.eth0_subnet_mask,
          sat0IpAddress: n.sat0_ip_address,
          sat0SubnetMask: n.sat0_subnet_mask,
          mgmtIpAddress: n.mgmt_ip_address,
          mgmtSubnetMask: n.mgmt_subnet_mask,
          dhcpGateway: n.dhcp_gateway,
          dhcpClientIpRangeStart: n.dhcp_client_ip_range_start,
          dhcpClientIpRangeEnd: n.dhcp_client_ip_range_end,
        }
      : null,
    simConfiguration: sim
      ? {
          eid: sim.eid,
          msisdn: sim.msisdn,
          cubicLTEIMSI: sim.cubic_lte_imsi,
          tele2LTEIMSI: sim.tele2_lte_imsi,
          cubicDkIMSI: sim.cubic_dk_imsi,
          cubicFrIMSI: sim.cubic_fr_imsi,
          batch: sim.batch,
          profile: sim.profile,
          formFactor: sim.form_factor,
          grade: sim.grade,
          simVendor: sim.sim_vendor,
          checkedOutTo: sim.checked_out_to,
        }
      : null,
  };
}
