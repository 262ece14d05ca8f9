import type { EndpointDefinition } from '../http/endpoint.js';

/** The accounts endpoints (filled in as the area's routes move to the contract). */
export const accountsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
