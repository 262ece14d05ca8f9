import { z } from 'zod';

// NOTE: the router reads search values as JSON, so a serial of digits arrives as a number.
const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/**
 * The diagnostic download page's address: `?antennaSerial=…&path={serial}/{fileName}`. Zod only:
 * the router's first chunk carries it (lib/pages.ts); the values are checked on the page.
 */
export const diagnosticDownloadSearchSchema = z.object({ antennaSerial: text, path: text });
export type DiagnosticDownloadSearch = z.output<typeof diagnosticDownloadSearchSchema>;
