import type { EndpointDefinition } from '../http/endpoint.js';

/** The device-features endpoints (filled in as the area's routes move to the contract). */
export const deviceFeaturesEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
