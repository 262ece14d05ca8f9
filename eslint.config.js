// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // A built server kept beside the current one to benchmark both (docs/performance.md).
      '**/dist-baseline/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/*.config.{js,ts,cjs,mjs}',
      'apps/web/postcss.config.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's idiom is `throw redirect(...)`.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            {
              from: 'package',
              package: '@tanstack/router-core',
              name: ['Redirect', 'NotFoundError'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // The packages' tsconfigs build them without their tests; the tests have their own.
    files: [
      'packages/contract/src/**/*.test.ts',
      'packages/options-file/src/**/*.test.ts',
      'packages/kdp/src/**/*.test.ts',
      'packages/kdp/src/test/**/*.ts',
      'packages/logsearch/src/**/*.test.ts',
      'packages/logsearch/src/test/**/*.ts',
    ],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: [
          './packages/contract/tsconfig.test.json',
          './packages/options-file/tsconfig.test.json',
          './packages/kdp/tsconfig.test.json',
          './packages/logsearch/tsconfig.test.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Feature rooms: a feature only through its index.ts from anywhere in the app; features
    // never import app/ (CONVENTIONS §2).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { aerie: boundaries },
    rules: { 'aerie/feature-boundaries': 'error' },
  },
  {
    // The web app imports an area's endpoints (`devicesEndpoints`), never the whole table: a
    // page's chunk then carries only the schemas it calls (docs/decisions/025).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aerie/contract',
              importNames: ['api', 'allEndpoints'],
              message:
                "Import the area's endpoints (e.g. devicesEndpoints): the whole table puts every schema in the entry.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // Mantine's Loader is a plain span: a name on it without a role is an ARIA attribute
          // its (generic) role forbids (axe aria-prohibited-attr, the overview on a phone).
          selector:
            'JSXOpeningElement[name.name="Loader"]:has(JSXAttribute[name.name="aria-label"]):not(:has(JSXAttribute[name.name="role"]))',
          message: 'Give a named Loader role="status" (or hide it with aria-hidden).',
        },
      ],
    },
  },
  {
    // One data-access style (docs/decisions/022): repositories write SQL on the pool; the
    // Drizzle schema only types their rows, and its query builder stays in the seed generators.
    files: ['apps/server/src/{features,identity,plugins}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema.js', '**/db/fleet-schema.js'],
              allowTypeImports: true,
              message: 'Write SQL in a repository (decision 022); import the schema as types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'pg', 'fastify*'],
              message: 'The contract imports zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'apps/*/scripts/**/*.mjs',
      'packages/*/bin/*.js',
      'bench/**/*.mjs',
      'eslint.config.js',
      'eslint-rules/*.js',
    ],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      // Plain JavaScript without type-aware rules: no TypeScript program is built for these.
      parserOptions: { projectService: false, project: false, program: null },
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        Buffer: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
  },
  {
    // Classic browser scripts copied as they are into the build (apps/web/public).
    files: ['apps/web/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'script',
      parserOptions: { projectService: false, project: false, program: null },
    },
  },
);
