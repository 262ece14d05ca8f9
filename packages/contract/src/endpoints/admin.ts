import type { EndpointDefinition } from '../http/endpoint.js';

/** The admin endpoints (filled in as the area's routes move to the contract). */
export const adminEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
