// `npx tsx e2e/support/seed-data.ts DIR`: seeds the browser tests' demo data into DIR with the
// built server (npm test runs it beside ESLint and hands DIR to the tests as E2E_SEED_DIR).
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { seedDataDir } from './global-setup.js';
import { artifactsDir } from './paths.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/support/seed-data.ts DIR');
mkdirSync(artifactsDir, { recursive: true });
const port = await new Promise<number>((resolve, reject) => {
  const srv = createServer();
  srv.on('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const address = srv.address();
    const free = typeof address === 'object' && address ? address.port : 0;
    srv.close(() => resolve(free));
  });
});
await seedDataDir(dir, port);
