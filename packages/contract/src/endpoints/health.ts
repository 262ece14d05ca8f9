import type { EndpointDefinition } from '../http/endpoint.js';

/** The health endpoints (filled in as the area's routes move to the contract). */
export const healthEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
