import type { EndpointDefinition } from '../http/endpoint.js';

/** The hub endpoints (filled in as the area's routes move to the contract). */
export const hubEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
