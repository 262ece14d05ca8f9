import { z } from 'zod';
import { deviceIdParamsSchema } from '../devices/device.js';
import { hubBeamSchema, hubStateSchema } from '../hub/hub-state.js';
import { endpoint } from '../http/endpoint.js';

/**
 * The hub state of any brand: the beams are under `{brand}Beams` (`aerieBeams`), a key the
 * contract cannot know, so every key besides hybrid and cellular holds beams. The server
 * answers the exact key of its brand (`hubStateSchema(brand)`).
 */
const { hybrid, cellular } = hubStateSchema('Aerie').shape;
const anyBrandHubStateSchema = z.object({ hybrid, cellular }).catchall(z.array(hubBeamSchema));

/** The state of a device on the satellite network hub (spec 001 §3). */
export const hubEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}/hubState',
    tags: ['devices'],
    summary: "The device's beams, hybrid and cellular state on the satellite network hub",
    description: 'The beams are under `{brand}Beams`, e.g. `aerieBeams` for the brand Aerie.',
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    params: deviceIdParamsSchema,
    responses: { 200: anyBrandHubStateSchema },
  }),
} as const;
