import {
  componentTypeSchema,
  networksRequireConfiguration,
  roleCan,
  type Component,
  type Device,
  type DeviceListField,
  type DeviceListItem,
  type RoleKey,
} from '@aerie/contract';
import type { ComponentRow, DeviceDetailRows, DeviceListRow } from './devices.repository.js';
import type { NameLookup } from './name-directory.js';
import { asciiJson } from '../../plugins/serialization.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentComponent(row: ComponentRow): Component | null {
  const type = componentTypeSchema.safeParse(row.type);
  if (!type.success) return null;
  return { type: type.data, model: row.modelShortcode, assetId: row.assetId, serial: row.serial };
}

/** The names a list page shows beside its rows' ids (the service's name directory). */
export interface ListNames {
  accounts: NameLookup;
  products: NameLookup;
}

/**
 * A list item's JSON text with only the requested fields: the members PostgreSQL wrote from the
 * devices table (the row's `json`), then the account's and the product's names and the
 * components, typed by the contract's item.
 */
export function presentDeviceListItem(
  row: DeviceListRow,
  fields: ReadonlySet<DeviceListField>,
  components: Component[],
  names: ListNames,
): string {
  let members = row.json;
  const add = (key: keyof DeviceListItem, json: string) => {
    const member = `"${key}":${json}`;
    members = members === '' ? member : `${members},${member}`;
  };
  if (fields.has('AccountName')) add('accountName', names.accounts.get(row.accountId) ?? '""');
  if (fields.has('ProductName')) {
    add(
      'productName',
      (row.productCode === null ? null : names.products.get(row.productCode)) ?? 'null',
    );
  }
  if (fields.has('Components')) add('components', asciiJson(components satisfies Component[]));
  return `{${members}}`;
}

/**
 * The device as a role may read it (spec 001 §6): the active subscription's networks only for
 * roles shown "Supported Networks" on the device page (`subscriptions.history.networks`).
 * Services answer callers through this; the device read for the server's own rules (hub jobs,
 * sync checks) keeps every field.
 */
export function deviceForRole(device: Device, role: RoleKey): Device {
  const active = device.activeSubscription;
  if (!active || roleCan(role, 'subscriptions.history.networks')) return device;
  const { networkIdentifiers: _hidden, ...visible } = active;
  return { ...device, activeSubscription: visible };
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
    productCode: d.productCode,
    productName: d.productName,
    product: d.productCode
      ? {
          geoModemModel: d.geoModemModel,
          leoModemModel: d.leoModemModel,
          bucModel: d.bucModel,
        }
      : null,
    accountId: d.accountId,
    accountName: d.accountName,
    private: d.private,
    provisioned: d.provisioned,
    activated: d.activated,
    enableCellTraffic: d.enableCellTraffic,
    syncInProgress: d.syncInProgress,
    salesforceAssetId: d.salesforceAssetId,
    publicKey: d.publicKey,
    features: d.features,
    components: components.map(presentComponent).filter((c): c is Component => c !== null),
    networkStatus: {
      satelliteOnline: d.satelliteOnline,
      cellularOnline: d.cellularOnline,
      satelliteSignal: d.satelliteSignal,
      cellularSignal: d.cellularSignal,
      wifi: d.wifi,
      beam: d.beam,
      satelliteLastUpdated: iso(d.satelliteLastUpdated),
      cellularLastUpdated: iso(d.cellularLastUpdated),
    },
    location: {
      coordinates:
        d.latitude === null || d.longitude === null
          ? null
          : { latitude: d.latitude, longitude: d.longitude },
      satelliteLocationUpdatedOn: iso(d.satelliteLocationUpdatedOn),
      cellularLocationUpdatedOn: iso(d.cellularLocationUpdatedOn),
    },
    software: {
      currentVersion: d.softwareCurrentVersion,
      targetVersion: d.softwareTargetVersion,
      locked: d.softwareLocked,
      lastUpdatedOn: iso(d.softwareLastUpdatedOn),
      lastCheckin: iso(d.softwareLastCheckin),
    },
    activeSubscription: active
      ? {
          id: active.id,
          subscriptionId: active.id,
          description: active.description,
          dataLimitInGb: active.dataLimitInGb,
          startDate: iso8601(active.startDate),
          endDate: iso8601(active.endDate),
          active: true,
          hasSatellite: active.hasSatellite,
          hasCellular: active.hasCellular,
          canProvision: active.canProvision,
          canActivate: active.canActivate,
          networkIdentifiers: active.networkIdentifiers,
          requiresNetworkConfiguration: networksRequireConfiguration(active.networkIdentifiers),
        }
      : null,
    subscriptionHistory: subscriptions
      .filter((s) => !s.active)
      .map((s) => ({ id: s.id, startDate: iso8601(s.linkStartDate), endDate: iso(s.linkEndDate) })),
    totalSatelliteUsage: d.totalSatelliteUsage,
    totalCellularUsage: d.totalCellularUsage,
    satelliteNetworkConfiguration: n
      ? {
          eth0IpAddress: n.eth0IpAddress,
          eth0SubnetMask: n.eth0SubnetMask,
          sat0IpAddress: n.sat0IpAddress,
          sat0SubnetMask: n.sat0SubnetMask,
          mgmtIpAddress: n.mgmtIpAddress,
          mgmtSubnetMask: n.mgmtSubnetMask,
          dhcpGateway: n.dhcpGateway,
          dhcpClientIpRangeStart: n.dhcpClientIpRangeStart,
          dhcpClientIpRangeEnd: n.dhcpClientIpRangeEnd,
        }
      : null,
    simConfiguration: sim
      ? {
          eid: sim.eid,
          msisdn: sim.msisdn,
          cubicLTEIMSI: sim.cubicLteImsi,
          tele2LTEIMSI: sim.tele2LteImsi,
          cubicDkIMSI: sim.cubicDkImsi,
          cubicFrIMSI: sim.cubicFrImsi,
          batch: sim.batch,
          profile: sim.profile,
          formFactor: sim.formFactor,
          grade: sim.grade,
          simVendor: sim.simVendor,
          checkedOutTo: sim.checkedOutTo,
        }
      : null,
  };
}
