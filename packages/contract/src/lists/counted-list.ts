import { z } from 'zod';

/**
 * A page of `item` with the count of all that match (the subscription feature's list shape).
 * A module of its own: a page that reads one subscription does not load the list's grammar.
 */
export function countedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int().min(0) });
}
