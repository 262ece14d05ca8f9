/**
 * Network templates of the demo: the modem's network parameters per hub type, antenna type,
 * base modem type and beam (what an NMS operator writes once per combination). A real
 * installation keeps them in the provisioning system; the demo seeds these.
 */
import { componentModels, hubNetworks, type HubNetwork } from './catalog.js';

export interface DemoNetworkTemplate {
  nmsType: string;
  antennaType: 'u8' | 'u7';
  modemType: string;
  beamDisplayName: string;
  template: Record<string, unknown>;
}

/** Ku-band downlink centre per hub, in MHz; each beam is offset from it. */
const DOWNLINK_MHZ: Record<HubNetwork['nmsType'], number> = {
  EVOLUTION: 11_450,
  DIALOG: 11_700,
  NEWTEC: 12_250,
};
const ACCESS: Record<HubNetwork['nmsType'], string> = {
  EVOLUTION: 'MF-TDMA',
  DIALOG: 'MF-TDMA 4CPM',
  NEWTEC: 'Mx-DMA',
};

function template(
  beam: HubNetwork,
  index: number,
  antennaType: 'u8' | 'u7',
  modemType: string,
): Record<string, unknown> {
  return {
    network: { networkId: beam.networkId, networkName: beam.networkName, nmsId: beam.nmsId },
    modem: { family: modemType, profile: `${modemType}-${beam.networkName}-${antennaType}` },
    downstream: {
      centerFrequencyMHz: DOWNLINK_MHZ[beam.nmsType] + index * 36,
      symbolRateMsps: 45,
      standard: 'DVB-S2X',
      modcod: 'ACM',
      polarization: index % 2 === 0 ? 'horizontal' : 'vertical',
    },
    upstream: {
      accessScheme: ACCESS[beam.nmsType],
      centerFrequencyMHz: 14_125 + index * 12,
      symbolRateMsps: antennaType === 'u8' ? 5 : 2.5,
      maxTxPowerDbm: antennaType === 'u8' ? 0 : -3,
    },
    lnbLocalOscillatorMHz: 10_600,
    bucLocalOscillatorMHz: 13_050,
    txEnabled: true,
  };
}

/**
 * Every u8 template for the GEO modem families and each beam, and u7 (legacy antennas,
 * iQ modems only) on the Evolution beams. MDM modems have no Newtec templates, so the
 * "template does not exist" case is there to see.
 */
export function demoNetworkTemplates(): DemoNetworkTemplate[] {
  const geoModemTypes = [
    ...new Set(
      componentModels
        .filter((m) => m.componentType === 'GeoModem' && m.baseModemType)
        .map((m) => m.baseModemType!),
    ),
  ];
  const list: DemoNetworkTemplate[] = [];
  hubNetworks.forEach((beam, index) => {
    for (const modemType of geoModemTypes) {
      const combos: ('u8' | 'u7')[] = ['u8'];
      if (modemType === 'iQ' && beam.nmsType === 'EVOLUTION') combos.push('u7');
      if (modemType === 'MDM' && beam.nmsType === 'NEWTEC') continue;
      for (const antennaType of combos) {
        list.push({
          nmsType: beam.nmsType,
          antennaType,
          modemType,
          beamDisplayName: beam.displayName,
          template: template(beam, index, antennaType, modemType),
        });
      }
    }
  });
  return list;
}
