import type { EndpointDefinition } from '../http/endpoint.js';

/** The notifications endpoints (filled in as the area's routes move to the contract). */
export const notificationsEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
