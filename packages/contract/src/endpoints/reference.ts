import type { EndpointDefinition } from '../http/endpoint.js';

/** The reference endpoints (filled in as the area's routes move to the contract). */
export const referenceEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
