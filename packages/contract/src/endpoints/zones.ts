import type { EndpointDefinition } from '../http/endpoint.js';

/** The zones endpoints (filled in as the area's routes move to the contract). */
export const zonesEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
