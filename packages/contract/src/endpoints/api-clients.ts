import type { EndpointDefinition } from '../http/endpoint.js';

/** The api-clients endpoints (filled in as the area's routes move to the contract). */
export const apiClientsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
