import { endpoint } from '../http/endpoint.js';
import { cacheClearedSchema, cacheKindParamsSchema } from '../shell/shell.js';

/** Staff administration (spec 000 §4, "Cache clears"). */
export const adminEndpoints = {
  clearCache: endpoint({
    method: 'POST',
    path: '/v2/admin/cache/{kind}',
    tags: ['admin'],
    summary: 'Clear a cache on every instance (Super User and provider Admin)',
    access: { kind: 'permission', permission: 'cache.clear', check: 'route' },
    params: cacheKindParamsSchema,
    responses: { 200: cacheClearedSchema },
  }),
} as const;
