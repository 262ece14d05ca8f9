import type { EndpointDefinition } from '../http/endpoint.js';

/** The subscriptions endpoints (filled in as the area's routes move to the contract). */
export const subscriptionsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
