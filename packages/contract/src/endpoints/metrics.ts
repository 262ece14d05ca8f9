import type { EndpointDefinition } from '../http/endpoint.js';

/** The metrics endpoints (filled in as the area's routes move to the contract). */
export const metricsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
