import {
  componentModels,
  dataPackages,
  deviceProducts,
  featureTypes,
  hubNetworks,
  softwareVersions,
  type ComponentType,
  type DeviceProduct,
  type HubNetwork,
} from './catalog.js';
import { Random, withLuhn } from './random.js';
import { deviceName, pickSite, type Site, type SiteKind } from './sites.js';

export interface DemoComponent {
  type: ComponentType;
  model: string | null;
  serial: string;
  assetId: string | null;
}

export interface DemoNetworkConfig {
  eth0IpAddress: string;
  eth0SubnetMask: string;
  sat0IpAddress: string;
  sat0SubnetMask: string;
  mgmtIpAddress: string;
  mgmtSubnetMask: string;
  dhcpGateway: string;
  dhcpClientIpRangeStart: string;
  dhcpClientIpRangeEnd: string;
}

export interface DemoSubscription {
  subscriptionNumber: string | null;
  description: string;
  productCode: string;
  /** null marks a malformed subscription (spec 001 §3). */
  dataLimitInGb: number | null;
  networkIdentifiers: string[] | null;
  nmsId: string | null;
  startDate: Date;
  endDate: Date;
  hasSatellite: boolean;
  hasCellular: boolean;
  salesforceObjectId: string | null;
}

export interface DemoBeam {
  network: HubNetwork;
  isRequired: boolean;
  isActuallyOn: boolean;
}

export interface DemoDevice {
  index: number;
  name: string;
  /** null for raw test3 devices straight from the factory. */
  serial: string | null;
  product: DeviceProduct;
  site: Site;
  accountIndex: number;
  private: boolean;
  provisioned: boolean;
  activated: boolean;
  enableCellTraffic: boolean;
  /** null when the device was never synchronized with the CRM. */
  salesforceAssetId: string | null;
  publicKey: string | null;
  features: string[];
  components: DemoComponent[];
  satelliteOnline: boolean | null;
  cellularOnline: boolean | null;
  satelliteSignal: number | null;
  cellularSignal: number | null;
  wifi: boolean | null;
  software: { currentVersion: string | null; targetVersion: string | null; locked: boolean };
  subscription: DemoSubscription | null;
  pastSubscriptions: DemoSubscription[];
  networkConfig: DemoNetworkConfig | null;
  beams: DemoBeam[];
  hasSim: boolean;
}

export interface FleetOptions {
  seed: number;
  /** Number of customer accounts devices are spread over. */
  accountCount: number;
  now: Date;
}

/**
 * Seven digits that differ for every device index below 10^7: a fixed permutation of the
 * index (the multiplier is coprime with 10^7), so serials look scattered but never collide.
 */
export function uniqueSerialNumber(index: number): string {
  return String((index * 7_919_993 + 1_234_567) % 10_000_000).padStart(7, '0');
}

const productWeights = deviceProducts.map((p) => [p, p.weight] as const);
const DAY_MS = 86_400_000;

function ipv4(rnd: Random, firstOctets: string): string {
  return `${firstOctets}.${rnd.int(1, 254)}`;
}

function networkConfig(rnd: Random, valid: boolean): DemoNetworkConfig {
  const third = rnd.int(0, 250);
  const base = `10.${rnd.int(10, 250)}.${third}`;
  const eth0 = `${base}.1`;
  return {
    eth0IpAddress: eth0,
    eth0SubnetMask: '255.255.255.0',
    sat0IpAddress: ipv4(rnd, `172.${rnd.int(16, 31)}.${rnd.int(0, 255)}`),
    sat0SubnetMask: '255.255.255.252',
    mgmtIpAddress: ipv4(rnd, `192.168.${rnd.int(0, 255)}`),
    mgmtSubnetMask: '255.255.255.0',
    // A few were typed in by hand and carry a wrong gateway.
    dhcpGateway: valid ? eth0 : `${base}.254`,
    dhcpClientIpRangeStart: `${base}.2`,
    dhcpClientIpRangeEnd: `${base}.254`,
  };
}

function nearestNetworks(site: Site): HubNetwork[] {
  const distance = (n: HubNetwork) => {
    const dLat = n.centre[0] - site.latitude;
    const dLon = Math.min(
      Math.abs(n.centre[1] - site.longitude),
      360 - Math.abs(n.centre[1] - site.longitude),
    );
    return dLat * dLat + dLon * dLon;
  };
  return [...hubNetworks].sort((a, b) => distance(a) - distance(b));
}

function subscription(
  rnd: Random,
  product: DeviceProduct,
  start: Date,
  months: number,
  malformed: boolean,
  nets: HubNetwork[],
): DemoSubscription {
  const gb = rnd.weighted(dataPackages.map((d) => [d, d === 9999 ? 1 : d <= 20 ? 4 : 3] as const));
  const hasCellular = product.hybridRouterModel !== null && rnd.chance(0.85);
  const network = nets[0]!;
  const identifiers = [
    network.nmsType === 'EVOLUTION'
      ? 'Evolution'
      : network.nmsType === 'DIALOG'
        ? 'Dialog'
        : 'Newtec',
  ];
  if (hasCellular) identifiers.push('Global LTE');
  const end = new Date(start.getTime() + months * 30.4 * DAY_MS);
  const label = gb === 9999 ? 'Unlimited' : `${gb} GB`;
  return {
    subscriptionNumber: rnd.chance(0.96) ? `SUB-${rnd.digits(7)}` : null,
    description: `${product.family} ${hasCellular ? 'Hybrid' : 'Satellite'} ${label} / month`,
    productCode: `SVC-${gb === 9999 ? 'UNL' : String(gb).padStart(3, '0')}-${hasCellular ? 'HYB' : 'SAT'}`,
    dataLimitInGb: malformed && rnd.chance(0.5) ? null : gb,
    networkIdentifiers: malformed && rnd.chance(0.5) ? null : identifiers,
    nmsId: malformed ? null : network.nmsId,
    startDate: start,
    endDate: end,
    hasSatellite: true,
    hasCellular,
    salesforceObjectId: rnd.chance(0.97) ? `a0${rnd.hex(16)}` : null,
  };
}

function components(rnd: Random, product: DeviceProduct, year: number): DemoComponent[] {
  const familyCode = product.family.slice(0, 2).toUpperCase();
  const week = String(rnd.int(1, 52)).padStart(2, '0');
  const asset = () => (rnd.chance(0.9) ? `02i${rnd.hex(15)}` : null);
  const list: DemoComponent[] = [
    {
      type: 'Antenna',
      model: product.antennaModel,
      serial: `${familyCode}${String(year).slice(2)}${week}-${rnd.digits(5)}`,
      assetId: asset(),
    },
    {
      type: 'GeoModem',
      model:
        product.geoModemModel ??
        rnd.pick(componentModels.filter((m) => m.componentType === 'GeoModem')).shortcode,
      serial: `GM${rnd.digits(9)}`,
      assetId: asset(),
    },
    {
      type: 'BUC',
      model: product.bucModel ?? rnd.pick(['BUC-8W', 'BUC-20W', 'BUC-40W']),
      serial: `BUC${rnd.digits(7)}`,
      assetId: asset(),
    },
    { type: 'LNB', model: 'LNB-KU-PLL', serial: `LNB${rnd.digits(7)}`, assetId: null },
  ];
  if (product.hybridRouterModel) {
    list.push(
      {
        type: 'HybridRouter',
        model: product.hybridRouterModel,
        serial: `HR${rnd.digits(9)}`,
        assetId: asset(),
      },
      { type: 'HybridImei', model: null, serial: withLuhn(`35${rnd.digits(12)}`), assetId: null },
      {
        type: 'HybridIccid',
        model: null,
        serial: withLuhn(`8988${rnd.digits(14)}`),
        assetId: null,
      },
      {
        type: 'HybridMAC',
        model: null,
        serial: `00:1E:42:${rnd.hex(2)}:${rnd.hex(2)}:${rnd.hex(2)}`,
        assetId: null,
      },
    );
  }
  if (product.leoModemModel) {
    list.push(
      {
        type: 'LeoModem',
        model: product.leoModemModel,
        serial: `LM${rnd.digits(10)}`,
        assetId: asset(),
      },
      { type: 'LeoModemImei', model: null, serial: withLuhn(`86${rnd.digits(12)}`), assetId: null },
      {
        type: 'LeoModemMAC',
        model: null,
        serial: `70:B3:D5:${rnd.hex(2)}:${rnd.hex(2)}:${rnd.hex(2)}`,
        assetId: null,
      },
    );
  }
  if (rnd.chance(0.4))
    list.push({ type: 'Diplexer', model: 'DPX-KU', serial: `DPX${rnd.digits(6)}`, assetId: null });
  return list;
}

/**
 * One demo device, deterministic for (seed, index): the fleet is generated
 * one device at a time, so a million devices never sit in memory together.
 */
export function generateDevice(index: number, o: FleetOptions): DemoDevice {
  const rnd = new Random(o.seed).fork(index);
  const kind = rnd.weighted<SiteKind>([
    ['maritime', 35],
    ['landMobile', 40],
    ['fixed', 25],
  ]);
  const site = pickSite(rnd, kind);
  const product = rnd.weighted(productWeights);
  const rawTest3 = rnd.chance(0.004);
  const accountIndex = rnd.int(0, Math.max(0, o.accountCount - 1));
  const builtYear = rnd.int(2021, 2026);
  const comps = rawTest3 ? [] : components(rnd, product, builtYear);
  const hasSubscription = !rawTest3 && rnd.chance(0.9);
  const nets = nearestNetworks(site);
  const monthsAgo = rnd.int(1, 30);
  const start = new Date(o.now.getTime() - monthsAgo * 30.4 * DAY_MS);
  const sub = hasSubscription
    ? // The active subscription's term runs past today (a term of 12, 24 or 36 months).
      subscription(
        rnd,
        product,
        start,
        rnd.pick([12, 24, 36].filter((m) => m > monthsAgo)),
        rnd.chance(0.03),
        nets,
      )
    : null;
  const past: DemoSubscription[] = [];
  if (sub && rnd.chance(0.35)) {
    const pastStart = new Date(start.getTime() - 12 * 30.4 * DAY_MS);
    past.push({ ...subscription(rnd, product, pastStart, 12, false, nets), endDate: start });
  }
  const provisioned = hasSubscription && rnd.chance(0.92);
  const activated = provisioned && rnd.chance(0.93);
  const checkedIn = !rawTest3 && rnd.chance(0.95);
  const current = checkedIn
    ? rnd.weighted(softwareVersions.map((v, i) => [v.version, i + 1] as const))
    : null;
  const latest = softwareVersions[softwareVersions.length - 1]!.version;
  const scheduled = current !== null && current !== latest && rnd.chance(0.08);
  const online = activated ? rnd.chance(kind === 'fixed' ? 0.9 : 0.72) : false;
  const cellularCapable = comps.some((c) => c.type === 'HybridRouter');
  const beams: DemoBeam[] = [];
  if (provisioned) {
    // A device is on one hub: its beams are the nearest networks of its nearest network's hub.
    const hubNets = nets.filter((n) => n.nmsId === nets[0]!.nmsId);
    const required = rnd.chance(0.3) ? hubNets.slice(0, 2) : hubNets.slice(0, 1);
    for (const network of required) {
      // Most hub states match what is required; some drifted (out of sync).
      beams.push({ network, isRequired: true, isActuallyOn: rnd.chance(0.9) });
    }
    const extra = hubNets[2];
    if (rnd.chance(0.06) && extra)
      beams.push({ network: extra, isRequired: false, isActuallyOn: true });
  } else if (sub) {
    // The subscription names the beam the device needs before it is first provisioned (no
    // random draw here, so the rest of the fleet is generated as before).
    beams.push({ network: nets[0]!, isRequired: true, isActuallyOn: false });
  }
  const serialPrefix = product.family.toUpperCase().slice(0, 3);
  return {
    index,
    name: rawTest3 ? `test3-${rnd.hex(6).toLowerCase()}` : deviceName(rnd, site, index),
    serial: rawTest3
      ? null
      : `${serialPrefix}-${String(builtYear).slice(2)}${uniqueSerialNumber(index)}`,
    product,
    site,
    accountIndex,
    private: !rawTest3 && rnd.chance(0.015),
    provisioned,
    activated,
    enableCellTraffic: cellularCapable && activated && rnd.chance(0.8),
    salesforceAssetId: rawTest3 || rnd.chance(0.02) ? null : `02i${rnd.hex(15)}`,
    publicKey:
      checkedIn && rnd.chance(0.85)
        ? `MCowBQYDK2VwAyEA${Buffer.from(rnd.hex(32)).toString('base64').slice(0, 43)}=`
        : null,
    features: featureTypes.filter((f) => f.enabled && rnd.chance(0.25)).map((f) => f.shortcode),
    components: comps,
    satelliteOnline: activated ? online : rawTest3 ? null : false,
    cellularOnline: cellularCapable ? (activated ? rnd.chance(0.6) : false) : null,
    satelliteSignal: online ? Math.round(rnd.normal(4.5, 2.6) * 10) / 10 : null,
    cellularSignal: cellularCapable ? Math.round(rnd.normal(-13, 4) * 10) / 10 : null,
    wifi: cellularCapable ? rnd.chance(0.7) : null,
    software: {
      currentVersion: current,
      targetVersion: scheduled ? latest : null,
      // NOTE: a locked device never has an update scheduled (issue 14); the draw still happens,
      // so the rest of a seeded fleet is unchanged.
      locked: rnd.chance(0.05) && !scheduled,
    },
    subscription: sub,
    pastSubscriptions: past,
    networkConfig: provisioned || rnd.chance(0.3) ? networkConfig(rnd, rnd.chance(0.96)) : null,
    beams,
    hasSim: cellularCapable,
  };
}
