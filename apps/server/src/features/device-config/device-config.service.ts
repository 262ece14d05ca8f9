import {
  api,
  calculateDhcp,
  COMPONENT_MODEL_MESSAGES,
  componentTypeSchema,
  isComponentModelEditable,
  MODEL_MANAGED_BY_PRODUCT,
  NETWORK_CONFIGURATION_FIELDS,
  networkConfigurationIssues,
  type Component,
  type ComponentModelUpdate,
  type Device,
  type DhcpRequest,
  type DhcpResponse,
  type NetworkConfigUpdate,
  type SatelliteNetworkConfiguration,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize, Grant } from '../../plugins/authorization.js';
import { BadRequestError } from '../../plugins/errors.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { DeviceConfigRepository, StoredNetworkConfig } from './device-config.repository.js';

export const DEVICE_NOT_FOUND = 'Device not found.';

/**
 * What the device configuration services need besides their repository: the authorization step
 * and the devices feature's lookup of a device within the caller's accounts.
 */
export interface DeviceConfigAccess {
  authorize: Authorize;
  deviceInScope: DeviceInScope;
}

/** The device within the grant's scope (404), then the grant's permission (403). */
export async function visibleDevice(
  deviceInScope: DeviceInScope,
  grant: Grant,
  id: string,
): Promise<Device> {
  return grant.found(await deviceInScope(grant.scope, id), DEVICE_NOT_FOUND);
}

/** Empty and blank mean "not set"; everything else is stored trimmed. */
function normalise(body: NetworkConfigUpdate): StoredNetworkConfig {
  const config = {} as StoredNetworkConfig;
  for (const { key } of NETWORK_CONFIGURATION_FIELDS) {
    const value = body[key]?.trim();
    config[key] = value ? value : null;
  }
  return config;
}

export function createDeviceConfigService(
  repo: DeviceConfigRepository,
  { authorize, deviceInScope }: DeviceConfigAccess,
) {
  return {
    /**
     * `POST /v2/devices/networkconfig/dhcp`: the DHCP gateway and client range the ETH0 address
     * and mask call for (spec 001 §5); 400 with the rule's message when it refuses.
     */
    async calculateDhcp(principal: Principal, body: DhcpRequest): Promise<DhcpResponse> {
      const grant = await authorize(principal, api.deviceConfig.dhcp.access);
      await visibleDevice(deviceInScope, grant, body.id);
      const result = calculateDhcp(body.eth0IPAddress, body.eth0SubnetMask);
      if (!result.ok) throw new BadRequestError(result.error);
      return {
        dhcpClientIPRangeStart: result.value.dhcpClientIpRangeStart,
        dhcpClientIPRangeEnd: result.value.dhcpClientIpRangeEnd,
        dhcpGateway: result.value.dhcpGateway,
      };
    },

    /**
     * `PUT /v2/devices/{id}/networkConfig`: validated with the spec's rules (the first message
     * answers 400); all fields empty removes the configuration and answers null.
     */
    async saveNetworkConfig(
      principal: Principal,
      id: string,
      body: NetworkConfigUpdate,
    ): Promise<SatelliteNetworkConfiguration | null> {
      const grant = await authorize(principal, api.deviceConfig.networkConfig.access);
      await visibleDevice(deviceInScope, grant, id);
      const config = normalise(body);
      const [issue] = networkConfigurationIssues(config);
      if (issue) throw new BadRequestError(issue.message, issue.field);
      const empty = Object.values(config).every((v) => v === null);
      return repo.saveNetworkConfig(id, empty ? null : config);
    },

    /**
     * `PUT /v2/devices/{id}/components/models`: sets the models of the listed components (found
     * by type and serial). Refuses unknown models, a model of another component type, a
     * component the device does not have, and a change of a model the product presets.
     */
    async setComponentModels(
      principal: Principal,
      id: string,
      updates: readonly ComponentModelUpdate[],
    ): Promise<Component[]> {
      const grant = await authorize(principal, api.deviceConfig.componentModels.access);
      const device = await visibleDevice(deviceInScope, grant, id);
      const M = COMPONENT_MODEL_MESSAGES;
      const current = new Map(
        (await repo.components(id)).map((c) => [`${c.type}\n${c.serial}`, c]),
      );
      const models = await repo.modelTypes(
        updates.flatMap((u) => (u.model === null ? [] : [u.model])),
      );
      const seen = new Set<string>();
      const changes: ComponentModelUpdate[] = [];
      for (const u of updates) {
        const key = `${u.type}\n${u.serial}`;
        if (seen.has(key)) throw new BadRequestError(M.duplicate(u.type, u.serial));
        seen.add(key);
        const component = current.get(key);
        if (!component) throw new BadRequestError(M.notOnDevice(u.type, u.serial));
        if (u.model !== null) {
          const modelType = models.get(u.model);
          if (!modelType) throw new BadRequestError(M.unknownModel(u.model));
          if (modelType !== u.type)
            throw new BadRequestError(M.wrongType(u.model, modelType, u.type));
        }
        if (u.model === component.modelShortcode) continue;
        // spec 001 §4: a model the product presets is managed in the CRM, not per device.
        if (!isComponentModelEditable(u.type, device.product))
          throw new BadRequestError(MODEL_MANAGED_BY_PRODUCT);
        changes.push(u);
      }
      if (changes.length) await repo.setComponentModels(id, changes);
      return (await repo.components(id)).flatMap((c) => {
        const type = componentTypeSchema.safeParse(c.type);
        return type.success
          ? [{ type: type.data, model: c.modelShortcode, assetId: c.assetId, serial: c.serial }]
          : [];
      });
    },
  };
}
export type DeviceConfigService = ReturnType<typeof createDeviceConfigService>;
