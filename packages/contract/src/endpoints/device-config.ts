import type { EndpointDefinition } from '../http/endpoint.js';

/** The device-config endpoints (filled in as the area's routes move to the contract). */
export const deviceConfigEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
