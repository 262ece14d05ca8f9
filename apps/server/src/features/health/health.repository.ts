import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appState } from '../../db/schema.js';

const MAINTENANCE_KEY = 'maintenance';

/** Installation-wide state in `app_state`, shared by every instance. */
export function createHealthRepository(db: Db) {
  return {
    async maintenance(): Promise<boolean> {
      const rows = await db
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, MAINTENANCE_KEY))
        .limit(1);
      return rows[0]?.value === true;
    },

    async setMaintenance(on: boolean): Promise<void> {
      await db
        .insert(appState)
        .values({ key: MAINTENANCE_KEY, value: on })
        .onConflictDoUpdate({ target: appState.key, set: { value: on, updatedAt: new Date() } });
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
