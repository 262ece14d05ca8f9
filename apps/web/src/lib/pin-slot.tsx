import { createContext, Suspense, useContext, type ComponentType } from 'react';

/** An entity a page can offer to pin to a dashboard (spec 002 §3, pinToDash). */
export interface PinTarget {
  entityType: 'device' | 'subscription';
  entityId: string;
  /** The entity's name, for the confirmation. */
  name: string;
}

const PinSlotContext = createContext<ComponentType<PinTarget> | null>(null);

/**
 * The app gives the pages that show an entity the dashboards' pin control through this
 * provider: the devices feature shows it without importing the dashboards feature, whose
 * widgets import the devices feature (no cycle between the two).
 */
export const PinSlotProvider = PinSlotContext.Provider;

/** The pin control for this entity, or nothing when the app provides none (tests, public pages). */
export function PinSlot(props: PinTarget) {
  const Pin = useContext(PinSlotContext);
  if (!Pin) return null;
  return (
    <Suspense fallback={null}>
      <Pin {...props} />
    </Suspense>
  );
}
