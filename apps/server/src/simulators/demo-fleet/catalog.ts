/**
 * Reference data of the demo fleet: the u8 product families, component
 * models, features, software releases, metric catalogue, hub networks and
 * subscription packages. A real installation loads these from the CRM and
 * the hub; the demo seeds them from here.
 */

export const deviceTypes = [
  { id: 1, type: 'terminal' },
  { id: 2, type: 'modem' },
  { id: 3, type: 'router' },
  { id: 4, type: 'rf' },
  { id: 5, type: 'accessory' },
] as const;

export type ComponentType =
  | 'GeoModem'
  | 'Antenna'
  | 'BUC'
  | 'LNB'
  | 'HybridRouter'
  | 'HybridIccid'
  | 'HybridImei'
  | 'HybridMAC'
  | 'LeoModem'
  | 'LeoModemImei'
  | 'LeoModemImsi'
  | 'LeoModemMAC'
  | 'Diplexer'
  | 'KRCM'
  | 'MCRCM'
  | 'EGR'
  | 'OIM';

export interface ComponentModel {
  shortcode: string;
  name: string;
  deviceTypeId: number;
  componentType: ComponentType;
  /** Modem models: the family network templates are written for. */
  baseModemType?: string;
}

export const componentModels: readonly ComponentModel[] = [
  { shortcode: 'U8-HAWK', name: 'HAWK u8 antenna', deviceTypeId: 1, componentType: 'Antenna' },
  {
    shortcode: 'U8-PEREGRINE',
    name: 'PEREGRINE u8 antenna',
    deviceTypeId: 1,
    componentType: 'Antenna',
  },
  {
    shortcode: 'U8-GOSHAWK',
    name: 'GOSHAWK u8 antenna',
    deviceTypeId: 1,
    componentType: 'Antenna',
  },
  { shortcode: 'U8-OSPREY', name: 'OSPREY u8 antenna', deviceTypeId: 1, componentType: 'Antenna' },
  {
    shortcode: 'U7-HAWK',
    name: 'HAWK u7 antenna (legacy)',
    deviceTypeId: 1,
    componentType: 'Antenna',
  },
  {
    shortcode: 'GM-IQ200',
    name: 'iQ 200 satellite modem',
    deviceTypeId: 2,
    componentType: 'GeoModem',
    baseModemType: 'iQ',
  },
  {
    shortcode: 'GM-X7',
    name: 'X7 satellite modem',
    deviceTypeId: 2,
    componentType: 'GeoModem',
    baseModemType: 'X7',
  },
  {
    shortcode: 'GM-MDM2510',
    name: 'MDM2510 satellite modem',
    deviceTypeId: 2,
    componentType: 'GeoModem',
    baseModemType: 'MDM',
  },
  {
    shortcode: 'LM-U1',
    name: 'LEO user terminal modem U1',
    deviceTypeId: 2,
    componentType: 'LeoModem',
    baseModemType: 'LEO-UT',
  },
  { shortcode: 'BUC-8W', name: '8 W Ku-band BUC', deviceTypeId: 4, componentType: 'BUC' },
  { shortcode: 'BUC-20W', name: '20 W Ku-band BUC', deviceTypeId: 4, componentType: 'BUC' },
  { shortcode: 'BUC-40W', name: '40 W Ku-band BUC', deviceTypeId: 4, componentType: 'BUC' },
  { shortcode: 'LNB-KU-PLL', name: 'Ku-band PLL LNB', deviceTypeId: 4, componentType: 'LNB' },
  {
    shortcode: 'HR-LTE',
    name: 'Hybrid router LTE',
    deviceTypeId: 3,
    componentType: 'HybridRouter',
  },
  { shortcode: 'HR-5G', name: 'Hybrid router 5G', deviceTypeId: 3, componentType: 'HybridRouter' },
  { shortcode: 'DPX-KU', name: 'Ku-band diplexer', deviceTypeId: 5, componentType: 'Diplexer' },
  { shortcode: 'KRCM-2', name: 'KRCM rev 2', deviceTypeId: 5, componentType: 'KRCM' },
  { shortcode: 'MCRCM-1', name: 'MCRCM rev 1', deviceTypeId: 5, componentType: 'MCRCM' },
  { shortcode: 'EGR-1', name: 'EGR enclosure', deviceTypeId: 5, componentType: 'EGR' },
  { shortcode: 'OIM-1', name: 'OIM interface module', deviceTypeId: 5, componentType: 'OIM' },
];

export type Family = 'Hawk' | 'Peregrine' | 'Goshawk' | 'Osprey';

export interface DeviceProduct {
  productCode: string;
  name: string;
  family: Family;
  antennaModel: string;
  /** Preset models come from the CRM product metadata; null means the model is set per device. */
  geoModemModel: string | null;
  leoModemModel: string | null;
  bucModel: string | null;
  hybridRouterModel: string | null;
  /** Share of the fleet, for the generator. */
  weight: number;
}

export const deviceProducts: readonly DeviceProduct[] = [
  {
    productCode: '110-10001-001',
    name: 'HAWK u8 GEO',
    family: 'Hawk',
    antennaModel: 'U8-HAWK',
    geoModemModel: 'GM-IQ200',
    leoModemModel: null,
    bucModel: 'BUC-8W',
    hybridRouterModel: null,
    weight: 18,
  },
  {
    productCode: '110-10002-001',
    name: 'HAWK u8 GEO-LTE',
    family: 'Hawk',
    antennaModel: 'U8-HAWK',
    geoModemModel: 'GM-IQ200',
    leoModemModel: null,
    bucModel: 'BUC-8W',
    hybridRouterModel: 'HR-LTE',
    weight: 14,
  },
  {
    productCode: '120-10001-001',
    name: 'PEREGRINE u8 GEO',
    family: 'Peregrine',
    antennaModel: 'U8-PEREGRINE',
    geoModemModel: 'GM-X7',
    leoModemModel: null,
    bucModel: null,
    hybridRouterModel: null,
    weight: 12,
  },
  {
    productCode: '120-10002-002',
    name: 'PEREGRINE u8 GEO-LTE',
    family: 'Peregrine',
    antennaModel: 'U8-PEREGRINE',
    geoModemModel: null,
    leoModemModel: null,
    bucModel: 'BUC-20W',
    hybridRouterModel: 'HR-5G',
    weight: 10,
  },
  {
    productCode: '130-10002-001',
    name: 'GOSHAWK u8 GEO-LTE',
    family: 'Goshawk',
    antennaModel: 'U8-GOSHAWK',
    geoModemModel: 'GM-MDM2510',
    leoModemModel: null,
    bucModel: 'BUC-20W',
    hybridRouterModel: 'HR-LTE',
    weight: 16,
  },
  {
    productCode: '130-10003-001',
    name: 'GOSHAWK u8 Hybrid',
    family: 'Goshawk',
    antennaModel: 'U8-GOSHAWK',
    geoModemModel: 'GM-MDM2510',
    leoModemModel: 'LM-U1',
    bucModel: 'BUC-20W',
    hybridRouterModel: 'HR-5G',
    weight: 8,
  },
  {
    productCode: '140-10003-001',
    name: 'OSPREY u8 Hybrid',
    family: 'Osprey',
    antennaModel: 'U8-OSPREY',
    geoModemModel: 'GM-X7',
    leoModemModel: 'LM-U1',
    bucModel: 'BUC-40W',
    hybridRouterModel: 'HR-5G',
    weight: 8,
  },
  {
    productCode: '140-10004-001',
    name: 'OSPREY u8 Hybrid-GEO',
    family: 'Osprey',
    antennaModel: 'U8-OSPREY',
    geoModemModel: 'GM-X7',
    leoModemModel: null,
    bucModel: null,
    hybridRouterModel: 'HR-5G',
    weight: 10,
  },
  {
    productCode: '100-90001-001',
    name: 'HAWK u7 GEO (legacy)',
    family: 'Hawk',
    antennaModel: 'U7-HAWK',
    geoModemModel: 'GM-IQ200',
    leoModemModel: null,
    bucModel: 'BUC-8W',
    hybridRouterModel: null,
    weight: 4,
  },
];

export const featureTypes = [
  {
    id: 1,
    shortcode: 'AES256',
    name: 'AES-256 link encryption',
    description: 'Encrypts user traffic on the satellite link.',
    enabled: true,
  },
  {
    id: 2,
    shortcode: 'TRANSEC',
    name: 'TRANSEC',
    description: 'Transmission security for government networks.',
    enabled: true,
  },
  {
    id: 3,
    shortcode: 'AUTOBEAM',
    name: 'Automatic beam switching',
    description: 'Moves between beams without a manual change.',
    enabled: true,
  },
  {
    id: 4,
    shortcode: 'LEOFAIL',
    name: 'LEO failover',
    description: 'Fails over to the LEO link when the GEO link drops.',
    enabled: true,
  },
  {
    id: 5,
    shortcode: 'GEOFENCE',
    name: 'Geofenced transmit mute',
    description: 'Mutes transmission inside configured zones.',
    enabled: true,
  },
  {
    id: 6,
    shortcode: 'HITP',
    name: 'High throughput mode',
    description: 'Raises the modem symbol rate ceiling.',
    enabled: true,
  },
  {
    id: 7,
    shortcode: 'DIAGPLUS',
    name: 'Extended diagnostics',
    description: 'Keeps 30 days of AIM tracking data on the antenna.',
    enabled: false,
  },
] as const;

export const softwareVersions = [
  { id: 1, version: '4.8.2', releaseDate: '2025-02-11', minimumRequiredVersion: '4.5.0' },
  { id: 2, version: '4.9.0', releaseDate: '2025-05-20', minimumRequiredVersion: '4.5.0' },
  { id: 3, version: '4.9.3', releaseDate: '2025-08-04', minimumRequiredVersion: '4.8.0' },
  { id: 4, version: '5.0.0', releaseDate: '2025-11-17', minimumRequiredVersion: '4.9.0' },
  { id: 5, version: '5.1.1', releaseDate: '2026-03-02', minimumRequiredVersion: '4.9.0' },
  { id: 6, version: '5.2.0', releaseDate: '2026-07-14', minimumRequiredVersion: '5.0.0' },
  { id: 7, version: '5.3.0', releaseDate: '2026-10-06', minimumRequiredVersion: '5.1.0' },
] as const;

export const metricProviders = [
  { shortcode: 'PV_ANTENNA', name: 'Antenna' },
  { shortcode: 'PV_INTSATFLEXMOVE', name: 'FlexMove hub' },
  { shortcode: 'PV_HYBRIDROUTER', name: 'Hybrid router' },
] as const;

export interface MetricType {
  providerShortcode: string;
  shortcode: string;
  name: string;
  description: string;
  unit: string;
}

export const metricTypes: readonly MetricType[] = [
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_ONLINESTATUS',
    name: 'Online status',
    description: 'Antenna online state reported by the terminal.',
    unit: '',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_LATITUDE',
    name: 'Latitude',
    description: 'GNSS latitude.',
    unit: 'degrees',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_LONGITUDE',
    name: 'Longitude',
    description: 'GNSS longitude.',
    unit: 'degrees',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_SPEED',
    name: 'Speed',
    description: 'Speed over ground.',
    unit: 'km/h',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_ALTITUDE',
    name: 'Altitude',
    description: 'GNSS altitude.',
    unit: 'm',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_SUPPLY_VOLTAGE',
    name: 'Supply voltage',
    description: 'DC input voltage.',
    unit: 'volts',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_SUPPLY_CURRENT',
    name: 'Supply current',
    description: 'DC input current.',
    unit: 'amps',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_TEMPERATURE',
    name: 'Internal temperature',
    description: 'Temperature inside the radome.',
    unit: '°C',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_SINR',
    name: 'Average SINR',
    description: 'Signal to interference and noise ratio.',
    unit: 'dB',
  },
  {
    providerShortcode: 'PV_ANTENNA',
    shortcode: 'MT_BEAM',
    name: 'Beam',
    description: 'Current beam id (not graphed).',
    unit: '',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_ONLINESTATUS',
    name: 'Online status',
    description: 'Remote state at the hub.',
    unit: '',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_CN0',
    name: 'Downstream C/N0',
    description: 'Carrier to noise density at the remote.',
    unit: 'dBHz',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_LATENCY',
    name: 'Round-trip latency',
    description: 'Hub to remote round trip.',
    unit: 'ms',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_RX_RATE',
    name: 'Downstream rate',
    description: 'Average downstream throughput.',
    unit: 'kbps',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_TX_RATE',
    name: 'Upstream rate',
    description: 'Average upstream throughput.',
    unit: 'kbps',
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    shortcode: 'MT_RX_BYTES',
    name: 'Downstream volume',
    description: 'Bytes received in the interval.',
    unit: 'bytes',
  },
  {
    providerShortcode: 'PV_HYBRIDROUTER',
    shortcode: 'MT_RSSI',
    name: 'Cellular RSSI',
    description: 'Received signal strength.',
    unit: 'dBm',
  },
  {
    providerShortcode: 'PV_HYBRIDROUTER',
    shortcode: 'MT_CPU',
    name: 'Router CPU',
    description: 'Router CPU load.',
    unit: '%',
  },
  {
    providerShortcode: 'PV_HYBRIDROUTER',
    shortcode: 'MT_UPTIME',
    name: 'Router uptime',
    description: 'Seconds since the router started.',
    unit: 'sec',
  },
];

export interface HubNetwork {
  networkId: string;
  networkName: string;
  displayName: string;
  nmsType: 'EVOLUTION' | 'DIALOG' | 'NEWTEC';
  nmsId: string;
  /** Rough beam centre, to pick a beam near a device. */
  centre: readonly [lat: number, lon: number];
}

export const hubNetworks: readonly HubNetwork[] = [
  {
    networkId: 'NET-101',
    networkName: 'EVO_AORW',
    displayName: 'Atlantic Ocean Region West',
    nmsType: 'EVOLUTION',
    nmsId: 'NMS-EVO-1',
    centre: [35, -50],
  },
  {
    networkId: 'NET-102',
    networkName: 'EVO_AORE',
    displayName: 'Atlantic Ocean Region East',
    nmsType: 'EVOLUTION',
    nmsId: 'NMS-EVO-1',
    centre: [40, -15],
  },
  {
    networkId: 'NET-103',
    networkName: 'EVO_NAM',
    displayName: 'North America',
    nmsType: 'EVOLUTION',
    nmsId: 'NMS-EVO-1',
    centre: [40, -98],
  },
  {
    networkId: 'NET-201',
    networkName: 'DLG_EUR',
    displayName: 'Europe',
    nmsType: 'DIALOG',
    nmsId: 'NMS-DLG-1',
    centre: [50, 10],
  },
  {
    networkId: 'NET-202',
    networkName: 'DLG_MED',
    displayName: 'Mediterranean',
    nmsType: 'DIALOG',
    nmsId: 'NMS-DLG-1',
    centre: [36, 18],
  },
  {
    networkId: 'NET-203',
    networkName: 'DLG_IOR',
    displayName: 'Indian Ocean Region',
    nmsType: 'DIALOG',
    nmsId: 'NMS-DLG-1',
    centre: [-5, 75],
  },
  {
    networkId: 'NET-301',
    networkName: 'NTC_POR',
    displayName: 'Pacific Ocean Region',
    nmsType: 'NEWTEC',
    nmsId: 'NMS-NTC-1',
    centre: [10, -160],
  },
  {
    networkId: 'NET-302',
    networkName: 'NTC_APAC',
    displayName: 'Asia Pacific',
    nmsType: 'NEWTEC',
    nmsId: 'NMS-NTC-1',
    centre: [-20, 135],
  },
];

/** Monthly data packages in GB; 9999 means Unlimited (spec 001 §9). */
export const dataPackages = [5, 10, 20, 50, 100, 240, 9999] as const;

export const subscriptionMetadata = {
  dataPackages: dataPackages.map((gb) => (gb === 9999 ? 'Unlimited' : `${gb} GB`)),
  regions: ['Global', 'Americas', 'EMEA', 'APAC'],
  mobilityTypes: ['Land mobile', 'Maritime', 'Fixed'],
  satelliteNetworks: ['Evolution', 'Dialog', 'Newtec'],
  cellularNetworks: ['Global LTE', 'EU 5G', 'North America 5G'],
} as const;

/** `SVC-{005|010|…|UNL}-{HYB|SAT}`: the CRM product code of a subscription's package and links. */
export function subscriptionProductCode(dataLimitInGb: number, hasCellular: boolean): string {
  const size = dataLimitInGb === 9999 ? 'UNL' : String(dataLimitInGb).padStart(3, '0');
  return `SVC-${size}-${hasCellular ? 'HYB' : 'SAT'}`;
}

export interface SubscriptionProduct {
  productCode: string;
  name: string;
  description: string;
  dataLimitInGb: number;
  hasSatellite: boolean;
  hasCellular: boolean;
}

/** Every package as a satellite-only and a hybrid (satellite and cellular) product. */
export const subscriptionProducts: readonly SubscriptionProduct[] = dataPackages.flatMap((gb) => {
  const size = gb === 9999 ? 'Unlimited' : `${gb} GB`;
  return [false, true].map((hasCellular) => ({
    productCode: subscriptionProductCode(gb, hasCellular),
    name: `${hasCellular ? 'Hybrid' : 'Satellite'} ${size}`,
    description: `${size} of data a month over ${hasCellular ? 'satellite and cellular' : 'satellite'}.`,
    dataLimitInGb: gb,
    hasSatellite: true,
    hasCellular,
  }));
});

export interface SubscriptionPlan {
  planCode: string;
  productCode: string;
  name: string;
  region: string;
  mobilityType: string;
  satelliteNetwork: string;
  cellularNetwork: string | null;
  termMonths: number;
}

/** Which networks serve a region (Global plans roam on the Evolution hubs and global LTE). */
const regionNetworks: Record<
  (typeof subscriptionMetadata.regions)[number],
  { satellite: string; cellular: string; code: string }
> = {
  Global: { satellite: 'Evolution', cellular: 'Global LTE', code: 'GLB' },
  Americas: { satellite: 'Evolution', cellular: 'North America 5G', code: 'AMR' },
  EMEA: { satellite: 'Dialog', cellular: 'EU 5G', code: 'EMA' },
  APAC: { satellite: 'Newtec', cellular: 'Global LTE', code: 'APC' },
};

/** Fixed sites sign three-year terms; mobile ones one year. */
const mobilityTerms: Record<
  (typeof subscriptionMetadata.mobilityTypes)[number],
  { termMonths: number; code: string }
> = {
  'Land mobile': { termMonths: 12, code: 'LND' },
  Maritime: { termMonths: 12, code: 'MAR' },
  Fixed: { termMonths: 36, code: 'FIX' },
};

/** Every product in every region for every mobility type. */
export const subscriptionPlans: readonly SubscriptionPlan[] = subscriptionProducts.flatMap((p) =>
  subscriptionMetadata.regions.flatMap((region) =>
    subscriptionMetadata.mobilityTypes.map((mobilityType) => {
      const net = regionNetworks[region];
      const term = mobilityTerms[mobilityType];
      return {
        planCode: `${p.productCode}-${net.code}-${term.code}-${term.termMonths}`,
        productCode: p.productCode,
        name: `${p.name}, ${region}, ${mobilityType}, ${term.termMonths} months`,
        region,
        mobilityType,
        satelliteNetwork: net.satellite,
        cellularNetwork: p.hasCellular ? net.cellular : null,
        termMonths: term.termMonths,
      };
    }),
  ),
);
