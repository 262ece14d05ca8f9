import { type cacheClearedSchema, type CacheKind, healthEndpoints } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { callApi } from '../../../lib/api-client';

/** `POST /v2/admin/cache/{kind}`: answers {kind, message}, e.g. "Device cache cleared successfully.". */
export function clearCache(kind: CacheKind): Promise<z.infer<typeof cacheClearedSchema>> {
  return callApi(healthEndpoints.clearCache, { params: { kind } });
}

export function useClearCache() {
  return useMutation({ mutationFn: clearCache });
}
