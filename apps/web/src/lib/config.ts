import { createContext, useContext } from 'react';
import {
  endpointUrl,
  type RuntimeConfig,
  runtimeConfigSchema,
  shellEndpoints,
} from '@aerie/contract';

// NOTE: read before the API client is configured (its apiUrl comes from this file), so a
// plain fetch of the declaration's path.
export const RUNTIME_CONFIG_PATH = endpointUrl(shellEndpoints.runtimeConfig);

/**
 * Reads the runtime configuration file (spec 000 §3, "Application configuration").
 * Rejects when the file is missing or does not match the contract.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) {
    throw new Error(`Loading ${RUNTIME_CONFIG_PATH} failed with status ${response.status}`);
  }
  const body: unknown = await response.json();
  return runtimeConfigSchema.parse(body);
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The runtime configuration; only available below the app's providers. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) {
    throw new Error('useRuntimeConfig must be used inside RuntimeConfigContext');
  }
  return config;
}
