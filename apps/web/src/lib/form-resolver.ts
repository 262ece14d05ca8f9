import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Validation for a Mantine form from a zod schema (usually the contract's, so the form refuses
 * what the server would), through Mantine's Standard Schema resolver: the first issue of each
 * field is its error. `error` words the issues the schema leaves to zod's generic text (a
 * length limit, say) for people; the schema's own messages come first.
 */
export function formResolver(
  schema: z.ZodType,
  error?: z.core.$ZodErrorMap,
): (values: unknown) => FormErrors {
  if (!error) return schemaResolver(schema, { sync: true });
  return schemaResolver(
    {
      '~standard': {
        version: 1,
        vendor: 'zod',
        validate: (value: unknown) => {
          const result = schema.safeParse(value, { error });
          return result.success ? { value: result.data } : { issues: result.error.issues };
        },
      },
    },
    { sync: true },
  );
}
