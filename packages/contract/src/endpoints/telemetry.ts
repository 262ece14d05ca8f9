import type { EndpointDefinition } from '../http/endpoint.js';

/** The telemetry endpoints (filled in as the area's routes move to the contract). */
export const telemetryEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
