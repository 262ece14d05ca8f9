import { readFileSync } from 'node:fs';

/** The portal's version, from the server package. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
