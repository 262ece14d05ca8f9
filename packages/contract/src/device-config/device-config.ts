/**
 * Device configuration data (spec 001 §2 "Service Configuration", §4, §5, §7): the network
 * configuration and its DHCP calculation, component models, the beams a device requires
 * (network mappings) and network templates. The rules themselves live in device-rules.ts and
 * below, shared by the server (which refuses) and the web app (which explains).
 */
import { z } from 'zod';
import type { ActiveSubscription, Device } from '../devices/device.js';
import { componentSchema, componentTypeSchema } from '../devices/device-list.js';
import { effectiveModel, hasCellHardware, hasHybridHardware } from '../devices/device-rules.js';
import { jsonDepthAtMost } from '../http/input-limits.js';

/** Longest text accepted in an address field (an IPv4 address is at most 15 characters). */
const ADDRESS_MAX = 64;

/** One address field on the wire: text, empty or null (empty and null both mean "not set"). */
const addressField = z
  .string('Address fields must be text.')
  .max(ADDRESS_MAX, `Address fields must be at most ${ADDRESS_MAX} characters.`)
  .nullable()
  .optional();

// ---------------------------------------------------------------------------------------------
// POST /v2/devices/networkconfig/dhcp

/** Spec 001 §7: body eth0IPAddress, eth0SubnetMask, id (note the spelling "IP"). */
export const dhcpRequestSchema = z.object({
  eth0IPAddress: addressField,
  eth0SubnetMask: addressField,
  id: z.uuid('The device id is not valid.'),
});
export type DhcpRequest = z.infer<typeof dhcpRequestSchema>;

export const dhcpResponseSchema = z.object({
  dhcpClientIPRangeStart: z.string(),
  dhcpClientIPRangeEnd: z.string(),
  dhcpGateway: z.string(),
});
export type DhcpResponse = z.infer<typeof dhcpResponseSchema>;

// ---------------------------------------------------------------------------------------------
// PUT /v2/devices/{id}/networkConfig

/** The nine fields of the satellite network configuration; each may be absent, null or empty. */
export const networkConfigUpdateSchema = z
  .object({
    eth0IpAddress: addressField,
    eth0SubnetMask: addressField,
    sat0IpAddress: addressField,
    sat0SubnetMask: addressField,
    mgmtIpAddress: addressField,
    mgmtSubnetMask: addressField,
    dhcpGateway: addressField,
    dhcpClientIpRangeStart: addressField,
    dhcpClientIpRangeEnd: addressField,
  })
  .strict();
export type NetworkConfigUpdate = z.infer<typeof networkConfigUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// PUT /v2/devices/{id}/components/models

/** One component whose model is set: the component is found by type and serial. */
export const componentModelUpdateSchema = z.object({
  type: componentTypeSchema,
  serial: z.string().min(1, 'The component serial is required.').max(128),
  /** Null clears the model. */
  model: z.string().trim().min(1).max(64).nullable(),
});
export type ComponentModelUpdate = z.infer<typeof componentModelUpdateSchema>;

/** Spec 001 §7: the body is the components list. */
export const componentModelsUpdateSchema = z
  .array(componentModelUpdateSchema)
  .min(1, 'The components list is empty.')
  .max(64, 'The components list is too long.');

/** The answer: the device's components after the change. */
export const componentListSchema = z.array(componentSchema);

export const COMPONENT_MODEL_MESSAGES = {
  unknownModel: (model: string) => `The model ${model} does not exist.`,
  wrongType: (model: string, modelType: string, type: string) =>
    `The model ${model} is a ${modelType} model and cannot be assigned to the ${type}.`,
  notOnDevice: (type: string, serial: string) =>
    `The device has no ${type} component with serial ${serial}.`,
  duplicate: (type: string, serial: string) =>
    `The ${type} component with serial ${serial} is listed more than once.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Network mappings (the beams a device requires): /v1/provision/networks/remote

export const networkMappingParamsSchema = z.object({
  remoteId: z.uuid('The remote id is not valid.'),
});

/** One beam a device can be put on, and whether the device requires it. */
export const mappedNetworkSchema = z.object({
  networkId: z.string(),
  networkName: z.string(),
  displayName: z.string(),
  nmsType: z.string(),
  nmsId: z.string(),
  isRequired: z.boolean(),
});
export type MappedNetwork = z.infer<typeof mappedNetworkSchema>;

/**
 * `GET /v1/provision/networks/remote/{remoteId}`: the remote (device) and the beams of its
 * hub (NMS), sorted by display name. `nmsId` is null when the device has no hub yet.
 */
export const networkMappingSchema = z.object({
  remoteId: z.uuid(),
  nmsId: z.string().nullable(),
  nmsType: z.string().nullable(),
  networks: z.array(mappedNetworkSchema),
});
export type NetworkMapping = z.infer<typeof networkMappingSchema>;

/** `POST /v1/provision/networks/remote`: the beams the device requires from now on. */
export const networkMappingUpdateSchema = z.object({
  nmsId: z.string().trim().min(1, 'The NMS id is required.').max(64),
  remoteId: z.uuid('The remote id is not valid.'),
  networkIds: z
    .array(z.string().trim().min(1).max(64), 'networkIds must be a list of beam ids.')
    .max(64, 'Too many beams.'),
});
export type NetworkMappingUpdate = z.infer<typeof networkMappingUpdateSchema>;

export const NETWORK_MAPPING_MESSAGES = {
  noBeam: 'At least one beam must be required.',
  duplicate: (id: string) => `The beam ${id} is listed more than once.`,
  unknownBeam: (id: string) => `The beam ${id} does not exist.`,
  otherNms: (id: string, nmsId: string) => `The beam ${id} is not a beam of ${nmsId}.`,
  wrongNms: (nmsId: string, deviceNmsId: string) =>
    `The device is served by ${deviceNmsId}, not ${nmsId}.`,
  noNms: 'The device has no hub (NMS): it needs an active subscription with a hub.',
} as const;

/**
 * Spec 001 §4: a required beam cannot be unchecked if it is the only one left selected.
 * Whether `networkId` may change state given the current selection.
 */
export function canToggleBeam(selected: ReadonlySet<string>, networkId: string): boolean {
  return !(selected.has(networkId) && selected.size === 1);
}

/**
 * Why a beam selection cannot be saved, or null. `available` are the beams of the device's
 * hub; `known` every beam of the installation with its hub.
 */
export function beamSelectionError(
  networkIds: readonly string[],
  nmsId: string,
  known: ReadonlyMap<string, { nmsId: string }>,
): string | null {
  const M = NETWORK_MAPPING_MESSAGES;
  if (networkIds.length === 0) return M.noBeam;
  const seen = new Set<string>();
  for (const id of networkIds) {
    if (seen.has(id)) return M.duplicate(id);
    seen.add(id);
    const beam = known.get(id);
    if (!beam) return M.unknownBeam(id);
    if (beam.nmsId !== nmsId) return M.otherNms(id, nmsId);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Network templates: /v1/provision/networkTemplate, /v1/provision/saveNetworkTemplate

export const antennaTypes = ['u8', 'u7'] as const;
export type AntennaType = (typeof antennaTypes)[number];

/** Spec 001 §7: antennaType is u8 if the antenna model contains 'u8', else u7. */
export function templateAntennaType(antennaModel: string | null | undefined): AntennaType {
  return antennaModel?.toLowerCase().includes('u8') ? 'u8' : 'u7';
}

const templateText = (what: string) =>
  z
    .string(`The ${what} is required.`)
    .trim()
    .min(1, `The ${what} is required.`)
    .max(64, `The ${what} must be at most 64 characters.`);

export const networkTemplateKeySchema = z.object({
  nmsType: templateText('NMS type'),
  antennaType: z.enum(antennaTypes, 'The antenna type must be u8 or u7.'),
  modemType: templateText('modem type'),
  beamDisplayName: templateText('beam display name'),
});
export type NetworkTemplateKey = z.infer<typeof networkTemplateKeySchema>;

/** Largest template accepted, as JSON text. */
export const NETWORK_TEMPLATE_MAX_BYTES = 32_768;
/** Deepest nesting of a template (the template object itself is level 1). */
export const NETWORK_TEMPLATE_MAX_DEPTH = 16;

/**
 * A template: the modem's network parameters for one beam, a JSON object. The depth is checked
 * first, without recursion, and stops the other checks: the size check serializes the value,
 * which a template nested thousands of levels deep would overflow.
 */
export const networkTemplateBodySchema = z
  .record(z.string(), z.unknown(), 'The template must be a JSON object.')
  .check(
    jsonDepthAtMost(
      NETWORK_TEMPLATE_MAX_DEPTH,
      `The template must not be nested more than ${NETWORK_TEMPLATE_MAX_DEPTH} levels deep.`,
    ),
  )
  .refine((t) => Object.keys(t).length > 0, 'The template must not be empty.')
  .refine(
    (t) => JSON.stringify(t).length <= NETWORK_TEMPLATE_MAX_BYTES,
    `The template must be at most ${NETWORK_TEMPLATE_MAX_BYTES} characters of JSON.`,
  );

export const networkTemplateSaveSchema = networkTemplateKeySchema.extend({
  template: networkTemplateBodySchema,
});
export type NetworkTemplateSave = z.infer<typeof networkTemplateSaveSchema>;

export const networkTemplateSchema = networkTemplateKeySchema.extend({
  template: z.record(z.string(), z.unknown()),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type NetworkTemplate = z.infer<typeof networkTemplateSchema>;

export const NETWORK_TEMPLATE_MESSAGES = {
  /** Spec 001 §4: the UI shows this text in the template box instead of a toast. */
  notFound: 'The specified template does not exist.',
  loadFailed: 'Error encountered while attempting to load Template.',
  unknownNmsType: (nmsType: string) => `The NMS type ${nmsType} does not exist.`,
  unknownModemType: (modemType: string) => `The modem type ${modemType} does not exist.`,
  unknownBeam: (beam: string, nmsType: string) => `${nmsType} has no beam named ${beam}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The Network Inventory card's rules (spec 001 §4, §5).

type InventoryDevice = Pick<Device, 'components' | 'product' | 'activeSubscription'>;

export const NETWORK_INVENTORY_REQUIREMENTS = {
  activeSubscription: 'Active Subscription',
  modemModel: 'Modem Model',
  modemSerial: 'Modem Serial',
  antennaModel: 'Antenna Model',
} as const;

/** Spec 001 §5: what the device lacks of the network inventory's requirements, in order. */
export function missingInventoryRequirements(d: InventoryDevice): string[] {
  const R = NETWORK_INVENTORY_REQUIREMENTS;
  const missing: string[] = [];
  if (!d.activeSubscription) missing.push(R.activeSubscription);
  if (!effectiveModel(d, 'GeoModem')) missing.push(R.modemModel);
  if (!d.components.find((c) => c.type === 'GeoModem')?.serial) missing.push(R.modemSerial);
  if (!effectiveModel(d, 'Antenna')) missing.push(R.antennaModel);
  return missing;
}

const hasCellular = (s: Pick<ActiveSubscription, 'hasCellular'> | null) => s?.hasCellular === true;

/** Spec 001 §4: the Hybrid row needs cellular on the subscription and hybrid hardware. */
export function showsHybridRow(d: Pick<Device, 'components' | 'activeSubscription'>): boolean {
  return hasCellular(d.activeSubscription) && hasHybridHardware(d);
}

/** Spec 001 §4: the Cell row needs cellular on the subscription and cell hardware. */
export function showsCellRow(d: Pick<Device, 'components' | 'activeSubscription'>): boolean {
  return hasCellular(d.activeSubscription) && hasCellHardware(d);
}
