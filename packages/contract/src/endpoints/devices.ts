import type { EndpointDefinition } from '../http/endpoint.js';

/** The devices endpoints (filled in as the area's routes move to the contract). */
export const devicesEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
