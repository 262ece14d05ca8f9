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

tester.run('feature-boundaries', rule, {
  valid: [
    { filename: web, code: "import { useMe } from '../../users';" },
    { filename: web, code: "import { useMe } from '../../users/index';" },
    { filename: web, code: "import { useDevice } from '../api/get-device';" },
    { filename: web, code: "import { routePath } from '../../../lib/route-paths';" },
    { filename: web, code: "import { z } from 'zod';" },
    { filename: server, code: "import { createJobsFeature } from '../jobs/index.js';" },
    { filename: server, code: "import { assertCan } from '../../plugins/authorization.js';" },
    {
      filename: '/repo/apps/web/src/app/router.tsx',
      code: "import x from '../features/users/api/get-me';",
    },
  ],
  invalid: [
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
