import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';

/** The API's own description. */
export const docsEndpoints = {
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    tags: ['docs'],
    summary: 'The OpenAPI 3.1 document of this API, generated from the contract',
    access: { kind: 'public' },
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
} as const;
