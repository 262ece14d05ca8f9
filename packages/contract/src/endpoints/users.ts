import type { EndpointDefinition } from '../http/endpoint.js';

/** The users endpoints (filled in as the area's routes move to the contract). */
export const usersEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
