import type { Health } from '@aerie/contract';

export type OverallHealth = 'Healthy' | 'Degraded' | 'Unhealthy';

/**
 * spec 001 §4: Healthy when every service reports 200, Degraded when any does not,
 * Unhealthy when no status has loaded.
 */
export function overallHealth(health: Health | undefined): OverallHealth {
  const entries = health ? Object.values(health) : [];
  if (entries.length === 0) return 'Unhealthy';
  return entries.every(([status]) => status === 200) ? 'Healthy' : 'Degraded';
}

export interface ServiceHealth {
  service: string;
  statusCode: number;
  version: string | null;
}

/** Rows of the health table: the Version is read from each service's JSON text. */
export function serviceRows(health: Health): ServiceHealth[] {
  return Object.entries(health)
    .map(([service, [statusCode, text]]) => ({ service, statusCode, version: readVersion(text) }))
    .sort((a, b) => a.service.localeCompare(b.service));
}

function readVersion(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && 'Version' in value) {
      const version = value.Version;
      return typeof version === 'string' || typeof version === 'number' ? String(version) : null;
    }
  } catch {
    // not JSON: no version to show
  }
  return null;
}
