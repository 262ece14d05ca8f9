import { createContext, useContext } from 'react';
import { type RuntimeConfig, runtimeConfigSchema } from '@aerie/contract';
import { fetchRuntimeConfigFile } from './config-file';

/** The runtime configuration file's content, checked with the contract's schema. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  return runtimeConfigSchema.parse(body);
}

/**
 * Reads the runtime configuration file (spec 000 §3, "Application configuration").
 * Rejects when the file is missing or does not match the contract.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  return parseRuntimeConfig(await fetchRuntimeConfigFile(fetchFn));
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
