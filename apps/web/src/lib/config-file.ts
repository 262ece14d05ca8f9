import { RUNTIME_CONFIG_PATH } from '@aerie/contract';

export { RUNTIME_CONFIG_PATH };

/**
 * Reads the runtime configuration file (spec 000 §3, "Application configuration") as it is,
 * without checking it: the first chunk reads it before the app (and the contract's schemas)
 * has loaded; the app checks it with the contract's schema (./config). Rejects when the file
 * is missing or not JSON.
 *
 * NOTE: read before the API client is configured (its apiUrl comes from this file), so a
 * plain fetch of the declaration's path.
 */
export async function fetchRuntimeConfigFile(fetchFn: typeof fetch = fetch): Promise<unknown> {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) {
    throw new Error(`Loading ${RUNTIME_CONFIG_PATH} failed with status ${response.status}`);
  }
  return response.json();
}
