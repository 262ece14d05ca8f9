import { z } from 'zod';

/** `GET /v2/accounts`: the accounts the caller can see (a tree by parentId). */
export const accountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['provider', 'partner', 'customer']),
  parentId: z.uuid().nullable(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.array(accountSchema);
