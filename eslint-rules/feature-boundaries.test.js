// @ts-check
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const rule = boundaries.rules['feature-boundaries'];
const web = '/repo/apps/web/src/features/devices/components/device-frame.tsx';
const server = '/repo/apps/server/src/features/devices/devices.service.ts';
const plugin = '/repo/apps/server/src/plugins/auth.ts';
const simulator = '/repo/apps/server/src/simulators/fleet/fleet-simulator.ts';
const appRoute = '/repo/apps/web/src/app/routes/devices-page.tsx';

tester.run('feature-boundaries', rule, {
  valid: [
    {
      filename: '/repo/apps/web/src/app/features.ts',
      code: "import { devicesPages } from '../features/devices/pages';",
    },
    { filename: web, code: "import { useMe } from '../../users';" },
    { filename: web, code: "import { useMe } from '../../users/index';" },
    { filename: web, code: "import { useDevice } from '../api/get-device';" },
    { filename: web, code: "import { routePath } from '../../../lib/route-paths';" },
    { filename: web, code: "import { z } from 'zod';" },
    { filename: server, code: "import { createJobsFeature } from '../jobs/index.js';" },
    { filename: server, code: "import { assertCan } from '../../plugins/authorization.js';" },
    { filename: server, code: "import { FeatureFactory } from '../feature.js';" },
    {
      filename: '/repo/apps/server/src/features/devices/devices.routes.api.test.ts',
      code: "import { createDevicesRepository } from './devices.repository.js';",
    },
    { filename: plugin, code: "import { UsersRepository } from '../features/users/index.js';" },
    { filename: plugin, code: "import { loadConfig } from '../config.js';" },
    { filename: simulator, code: "import { x } from '../../features/telemetry/index.js';" },
    { filename: simulator, code: "import { x } from '../../features/telemetry';" },
    {
      filename: '/repo/apps/server/src/app.ts',
      code: "import { serverFeatures } from './features/index.js';",
    },
    {
      filename: '/repo/apps/server/src/features/index.ts',
      code: "import { createJobsFeature } from './jobs/index.js';",
    },
    { filename: appRoute, code: "import { useMe } from '../../features/users';" },
    { filename: appRoute, code: "import { AppShell } from '../layout/app-shell';" },
    {
      filename: '/repo/apps/web/src/components/data-table/use-list-settings.ts',
      code: "import { useMe } from '../../features/users';",
    },
    // Another app's source is not this app's feature.
    { filename: plugin, code: "import { x } from '../../../web/src/features/users/api/get-me';" },
  ],
  invalid: [
    {
      filename: web,
      code: "import { jobsPages } from '../../jobs/pages';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/web/src/components/layout/x.tsx',
      code: "import { jobsPages } from '../../features/jobs/pages';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/web/src/app/router.tsx',
      code: "import x from '../features/users/api/get-me';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/web/src/components/data-table/use-list-settings.ts',
      code: "import { useMe } from '../../features/users/api/get-me';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: plugin,
      code: "import { UsersRepository } from '../features/users/users.repository.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: simulator,
      code: "import { IngestionService } from '../../features/telemetry/ingestion.service.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/server/src/app.ts',
      code: "import { createUsersRepository } from './features/users/users.repository.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/server/src/features/index.ts',
      code: "import { jobsRoutes } from './jobs/jobs.routes.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      // Tests outside a feature hold to the same rule as its other neighbours.
      filename: '/repo/apps/server/src/db/repository-rows.api.test.ts',
      code: "import { createZonesRepository } from '../features/zones/zones.repository.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/apps/web/src/features/devices/components/overview/device-overview.tsx',
      code: "import { DeviceConfiguration } from '../../../device-config/components/device-configuration';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: server,
      code: "import { buildApp } from '../../app';",
      errors: [{ messageId: 'app' }],
    },
    {
      filename: web,
      code: "import { useMe } from '../../users/api/get-me';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: server,
      code: "import { createJobsService } from '../jobs/jobs.service.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: server,
      code: "export { x } from '../jobs/jobs.repository.js';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: web,
      code: "const page = import('../../jobs/components/job-list');",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: web,
      code: "import { routeTree } from '../../../app/router';",
      errors: [{ messageId: 'app' }],
    },
    {
      filename: server,
      code: "import { buildApp } from '../../app.js';",
      errors: [{ messageId: 'app' }],
    },
  ],
});
