import type { EndpointDefinition } from '../http/endpoint.js';

/** The feed endpoints (filled in as the area's routes move to the contract). */
export const feedEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
