import type { EndpointDefinition } from '../http/endpoint.js';

/** The shell endpoints (filled in as the area's routes move to the contract). */
export const shellEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
