import { deviceIdParamsSchema, satelliteNetworkConfigurationSchema } from '../devices/device.js';
import {
  componentListSchema,
  componentModelsUpdateSchema,
  dhcpRequestSchema,
  dhcpResponseSchema,
  networkConfigUpdateSchema,
  networkMappingParamsSchema,
  networkMappingSchema,
  networkMappingUpdateSchema,
  networkTemplateKeySchema,
  networkTemplateSaveSchema,
  networkTemplateSchema,
} from '../device-config/device-config.js';
import { endpoint } from '../http/endpoint.js';

/**
 * Device configuration: DHCP calculation, network configuration, component models, network
 * mappings (required beams) and network templates. A call about a device finds it within the
 * caller's accounts before it checks the role (404, then 403); templates belong to no account,
 * so their role check comes first.
 */
export const deviceConfigEndpoints = {
  dhcp: endpoint({
    method: 'POST',
    path: '/v2/devices/networkconfig/dhcp',
    tags: ['devices'],
    summary: 'The DHCP gateway and client range for an ETH0 address and subnet mask',
    access: { kind: 'permission', permission: 'devices.hardware', check: 'object' },
    body: dhcpRequestSchema,
    responses: { 200: dhcpResponseSchema },
  }),
  networkConfig: endpoint({
    method: 'PUT',
    path: '/v2/devices/{id}/networkConfig',
    tags: ['devices'],
    summary: "Set the device's satellite network configuration (all empty removes it)",
    access: { kind: 'permission', permission: 'devices.hardware', check: 'object' },
    params: deviceIdParamsSchema,
    body: networkConfigUpdateSchema,
    responses: { 200: satelliteNetworkConfigurationSchema.nullable() },
  }),
  componentModels: endpoint({
    method: 'PUT',
    path: '/v2/devices/{id}/components/models',
    tags: ['devices'],
    summary: "Set the models of the device's components; answers the components",
    access: { kind: 'permission', permission: 'devices.hardware', check: 'object' },
    params: deviceIdParamsSchema,
    body: componentModelsUpdateSchema,
    responses: { 200: componentListSchema },
  }),
  networkMapping: endpoint({
    method: 'GET',
    path: '/v1/provision/networks/remote/{remoteId}',
    tags: ['provision'],
    summary: "The beams of the remote's hub and which of them the remote requires",
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    params: networkMappingParamsSchema,
    responses: { 200: networkMappingSchema },
  }),
  saveNetworkMapping: endpoint({
    method: 'POST',
    path: '/v1/provision/networks/remote',
    tags: ['provision'],
    summary: 'Set the beams a remote requires',
    access: { kind: 'permission', permission: 'devices.hardware', check: 'object' },
    body: networkMappingUpdateSchema,
    responses: { 200: networkMappingSchema },
  }),
  networkTemplate: endpoint({
    method: 'POST',
    path: '/v1/provision/networkTemplate',
    tags: ['provision'],
    summary: 'The network template of an NMS type, antenna type, modem type and beam',
    access: { kind: 'permission', permission: 'devices.hardware', check: 'route' },
    body: networkTemplateKeySchema,
    responses: { 200: networkTemplateSchema },
  }),
  saveNetworkTemplate: endpoint({
    method: 'POST',
    path: '/v1/provision/saveNetworkTemplate',
    tags: ['provision'],
    summary: 'Write a network template (the Admin Network tab: Super User and the brand Admin)',
    access: { kind: 'permission', permission: 'network.templates', check: 'route' },
    body: networkTemplateSaveSchema,
    responses: { 200: networkTemplateSchema },
  }),
} as const;
