import { z } from 'zod';

// NOTE: the router reads search values as JSON: a folder of digits arrives as a number and
// `view=true` as a boolean. Zod only: the router's first chunk carries these (lib/pages.ts).
const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .catch(undefined);

/** documentationTopic: `?rootDir=/documents/{topic}&openDir=…` (spec 002). */
export const topicSearchSchema = z.object({ rootDir: text, openDir: text });

/** downloadDocumentationFile: `?path=…&view=…&search=…` (spec 000 §2.1, spec 002). */
export const downloadSearchSchema = z.object({ path: text, view: flag, search: text });

/** documentationSearch: `?q=…` (spec 002). */
export const documentSearchSchema = z.object({ q: text });
