import { cacheClearedSchema, type CacheKind } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** `POST /v2/admin/cache/{kind}`: answers {kind, message}, e.g. "Device cache cleared successfully.". */
export function clearCache(kind: CacheKind): Promise<z.infer<typeof cacheClearedSchema>> {
  return apiFetch(`/v2/admin/cache/${kind}`, cacheClearedSchema, { method: 'POST' });
}

export function useClearCache() {
  return useMutation({ mutationFn: clearCache });
}
