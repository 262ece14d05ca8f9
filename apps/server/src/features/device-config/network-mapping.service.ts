import {
  api,
  beamSelectionError,
  NETWORK_MAPPING_MESSAGES,
  NETWORK_TEMPLATE_MESSAGES,
  type NetworkMapping,
  type NetworkMappingUpdate,
  type NetworkTemplate,
  type NetworkTemplateKey,
  type NetworkTemplateSave,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, NotFoundError } from '../../plugins/errors.js';
import type { DeviceConfigRepository, TemplateRow } from './device-config.repository.js';
import { visibleDevice, type DeviceConfigAccess } from './device-config.service.js';

function presentTemplate(row: TemplateRow): NetworkTemplate {
  return {
    nmsType: row.nmsType,
    antennaType: row.antennaType === 'u7' ? 'u7' : 'u8',
    modemType: row.modemType,
    beamDisplayName: row.beamDisplayName,
    template: row.template,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createNetworkMappingService(
  repo: DeviceConfigRepository,
  { authorize, deviceInScope }: DeviceConfigAccess,
) {
  async function mapping(remoteId: string): Promise<NetworkMapping> {
    const nmsId = await repo.deviceNmsId(remoteId);
    const required = await repo.requiredNetworkIds(remoteId);
    const networks = nmsId ? (await repo.networks()).filter((n) => n.nmsId === nmsId) : [];
    return {
      remoteId,
      nmsId,
      nmsType: networks[0]?.nmsType ?? null,
      networks: networks.map((n) => ({
        networkId: n.networkId,
        networkName: n.networkName,
        displayName: n.displayName,
        nmsType: n.nmsType,
        nmsId: n.nmsId,
        isRequired: required.has(n.networkId),
      })),
    };
  }

  /** The key with the installation's own spelling of the NMS type, modem type and beam. */
  async function canonicalKey(key: NetworkTemplateKey): Promise<NetworkTemplateKey> {
    const T = NETWORK_TEMPLATE_MESSAGES;
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const networks = (await repo.networks()).filter((n) => same(n.nmsType, key.nmsType));
    if (!networks.length) throw new BadRequestError(T.unknownNmsType(key.nmsType), 'nmsType');
    const beam = networks.find((n) => same(n.displayName, key.beamDisplayName));
    if (!beam)
      throw new BadRequestError(
        T.unknownBeam(key.beamDisplayName, networks[0]!.nmsType),
        'beamDisplayName',
      );
    const modemType = [...(await repo.baseModemTypes())].find((m) => same(m, key.modemType));
    if (!modemType) throw new BadRequestError(T.unknownModemType(key.modemType), 'modemType');
    return {
      nmsType: beam.nmsType,
      antennaType: key.antennaType,
      modemType,
      beamDisplayName: beam.displayName,
    };
  }

  return {
    /** `GET /v1/provision/networks/remote/{remoteId}`: the beams of the device's hub. */
    async get(principal: Principal, remoteId: string): Promise<NetworkMapping> {
      const grant = await authorize(principal, api.deviceConfig.networkMapping.access);
      await visibleDevice(deviceInScope, grant, remoteId);
      return mapping(remoteId);
    },

    /**
     * `POST /v1/provision/networks/remote`: makes `networkIds` the device's required beams.
     * Every beam must exist and be on the device's hub; at least one stays required
     * (spec 001 §4: the last selected beam cannot be unchecked).
     */
    async save(principal: Principal, body: NetworkMappingUpdate): Promise<NetworkMapping> {
      const grant = await authorize(principal, api.deviceConfig.saveNetworkMapping.access);
      await visibleDevice(deviceInScope, grant, body.remoteId);
      const N = NETWORK_MAPPING_MESSAGES;
      const deviceNmsId = await repo.deviceNmsId(body.remoteId);
      if (!deviceNmsId) throw new BadRequestError(N.noNms);
      if (deviceNmsId !== body.nmsId)
        throw new BadRequestError(N.wrongNms(body.nmsId, deviceNmsId), 'nmsId');
      const known = new Map((await repo.networks()).map((n) => [n.networkId, { nmsId: n.nmsId }]));
      const error = beamSelectionError(body.networkIds, body.nmsId, known);
      if (error) throw new BadRequestError(error, 'networkIds');
      await repo.setRequiredNetworks(body.remoteId, body.networkIds);
      return mapping(body.remoteId);
    },

    /** `POST /v1/provision/networkTemplate`: 404 with the spec's text when there is none. */
    async template(principal: Principal, key: NetworkTemplateKey): Promise<NetworkTemplate> {
      await authorize(principal, api.deviceConfig.networkTemplate.access);
      const row = await repo.findTemplate(key);
      if (!row) throw new NotFoundError(NETWORK_TEMPLATE_MESSAGES.notFound);
      return presentTemplate(row);
    },

    /** `POST /v1/provision/saveNetworkTemplate`: writes (creates or replaces) a template. */
    async saveTemplate(principal: Principal, body: NetworkTemplateSave): Promise<NetworkTemplate> {
      await authorize(principal, api.deviceConfig.saveNetworkTemplate.access);
      const { template, ...key } = body;
      return presentTemplate(await repo.saveTemplate(await canonicalKey(key), template));
    },
  };
}
export type NetworkMappingService = ReturnType<typeof createNetworkMappingService>;
