import type { EndpointDefinition } from '../http/endpoint.js';

/** The device-operations endpoints (filled in as the area's routes move to the contract). */
export const deviceOperationsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
