import { createStore } from './store';

/**
 * The result of the start-up health check (spec 000 §4): null until checked. A 503 from
 * any call clears it (back to null) and sends the user to /maintenance.
 */
export const healthState = createStore<{ healthy: boolean } | null>(null);

export function clearHealthState(): void {
  healthState.set(null);
}
