import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { join } from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

import featureBoundaries from './frontend/eslint/feature-boundaries.mjs';

const DRIVERS = {
  group: [
    '@nestjs/*',
    'express',
    'multer',
    'mongodb',
    '@eventstore/*',
    'better-sqlite3',
    'mingo',
    'sharp',
    'stripe',
    'openai',
    'nodemailer',
  ],
  message: 'This layer is pure: no framework or driver imports.',
};
/** The application may use Nest's wiring (decorators, CQRS) but no driver. */
const DRIVERS_BUT_NEST = {
  ...DRIVERS,
  group: DRIVERS.group.filter((name) => name !== '@nestjs/*'),
  message: 'The application uses ports, not drivers.',
};
const APPLICATION_IMPORTS = [
  DRIVERS_BUT_NEST,
  {
    group: ['**/infrastructure/**', '**/api/**', '**/app.module', '**/bootstrap'],
    message: 'The application talks to adapters through its ports (application/ports).',
  },
];
/** Only StreamWrites runs a decider: every write appends, retries and settles one way. */
const RUN_DECIDER = {
  group: ['**/decider-runner'],
  importNames: ['runDecider'],
  message: 'Write through StreamWrites (decide): only it runs a decider.',
};
const DECIDE_OF_ITS_OWN = {
  selector: ':matches(MethodDefinition, TSMethodSignature, PropertyDefinition)[key.name="decide"]',
  message: 'Only StreamWrites declares `decide`: write through it.',
};
/** Reading a store off another object (a writer's `eventStore`) goes round the door. */
const STORE_OFF_ANOTHER = [
  {
    selector:
      'MemberExpression[property.name="eventStore"]:not([object.type="ThisExpression"]):not([object.name="world"])',
    message: 'Ask StreamWrites, do not reach for its event store.',
  },
  {
    selector:
      'VariableDeclarator:not([init.type="ThisExpression"]):not([init.name="world"]) > ObjectPattern.id > Property[key.name="eventStore"]',
    message: 'Ask StreamWrites, do not reach for its event store.',
  },
];
/** A handler reads through its collaborators' methods, never through their stores. */
const STORE_THROUGH_COLLABORATOR = [
  {
    selector:
      'MemberExpression[object.type="MemberExpression"][object.object.type="ThisExpression"][property.name=/^(eventStore|readStore)$/]',
    message: 'A handler asks its collaborators; their stores are theirs.',
  },
  {
    selector:
      'VariableDeclarator[init.type="MemberExpression"][init.object.type="ThisExpression"] > ObjectPattern.id > Property[key.name=/^(eventStore|readStore)$/]',
    message: 'A handler asks its collaborators; their stores are theirs.',
  },
];
const NODE_IO = {
  group: ['fs', 'fs/*', 'node:*', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process'],
  message: 'This layer does no I/O: the shell around it does.',
};
const PURE_SYNTAX = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read time from the command metadata (the clock port), not the system clock.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read time from the command metadata (the clock port), not the system clock.',
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: 'No randomness here: ids and choices arrive in commands.',
  },
  { selector: "MemberExpression[object.name='process']", message: 'No environment here.' },
];

/** `import-x/no-cycle` over `files`, resolving imports as the project's tsconfig does. */
function noImportCircles(files, project) {
  const { 'import-x/resolver': _legacy, ...settings } = importX.flatConfigs.typescript.settings;
  return {
    files: [files],
    plugins: { 'import-x': importX },
    settings: {
      ...settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(import.meta.dirname, project) }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/node_modules/**',
      'data/**',
      '.nx/**',
      '**/coverage/**',
      'frontend/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Projections have a method named `apply`; this rule mistakes it for Function#apply.
      'prefer-spread': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['backend/**/*.{ts,js}', '*.{js,mjs}', '.ci/**/*.{js,mjs}', 'scripts/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['backend/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['frontend/*.ts', 'frontend/e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  // No module reaches itself through its imports (static, re-exports and `import()`), since
  // each is an arrow a reader follows and a load order to get right.
  noImportCircles('frontend/src/**/*.{ts,tsx}', 'frontend/tsconfig.app.json'),
  noImportCircles('backend/src/**/*.ts', 'backend/tsconfig.json'),
  // Features do not import each other (frontend/eslint/feature-boundaries.mjs); routes compose them.
  {
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    plugins: { 'feature-boundaries': featureBoundaries },
    rules: { 'feature-boundaries/no-cross-feature-imports': 'error' },
  },
  // Layer rules: the domain imports nothing outside itself and does no I/O.
  {
    files: ['backend/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DRIVERS,
            NODE_IO,
            {
              group: [
                '**/infrastructure/**',
                '**/api/**',
                '**/application/**',
                '**/projections/**',
              ],
              message: 'The domain depends on nothing outside itself.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...PURE_SYNTAX],
    },
  },
  // Projections are pure functions too, over the domain's events and their own document types.
  {
    files: ['backend/src/projections/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DRIVERS,
            NODE_IO,
            {
              group: ['**/infrastructure/**', '**/api/**', '**/application/**', '**/config/**'],
              message: 'Projections import the domain and each other, nothing else.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...PURE_SYNTAX],
    },
  },
  // The application uses the domain, its own ports and the projections' read models; adapters
  // reach it only through the module wiring. A write has one door: StreamWrites.
  {
    files: ['backend/src/application/**/*.ts'],
    // Specs run use cases on real adapters (an in-memory event store), through test/support.
    ignores: ['backend/src/application/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...APPLICATION_IMPORTS, RUN_DECIDER] }],
      'no-restricted-syntax': ['error', DECIDE_OF_ITS_OWN, ...STORE_OFF_ANOTHER],
    },
  },
  {
    files: ['backend/src/application/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RUN_DECIDER] }] },
  },
  {
    files: ['backend/src/application/**/*.handler.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        DECIDE_OF_ITS_OWN,
        ...STORE_OFF_ANOTHER,
        ...STORE_THROUGH_COLLABORATOR,
      ],
    },
  },
  // The door itself, and the runner's own spec.
  {
    files: ['backend/src/application/shared/stream-writes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: APPLICATION_IMPORTS }],
      'no-restricted-syntax': ['error', ...STORE_OFF_ANOTHER],
    },
  },
  {
    files: ['backend/src/application/shared/decider-runner.spec.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The api speaks HTTP and hands over to the application; it never reaches an adapter.
  {
    files: ['backend/src/api/**/*.ts'],
    ignores: ['backend/src/api/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infrastructure/**', '**/app.module', '**/bootstrap'],
              message: 'The api uses the application (and its ports), never an adapter.',
            },
            {
              group: [
                '**/application/ports/read-store.port',
                '**/application/ports/event-store.port',
              ],
              message:
                'The api asks the application (its commands and queries); the stores are the application’s.',
            },
            {
              group: ['**/projections/**'],
              allowTypeImports: true,
              message: 'The api may name read model types; reading them is the application’s.',
            },
            {
              group: DRIVERS.group.filter(
                (name) => !['@nestjs/*', 'express', 'multer'].includes(name),
              ),
              message: 'The api speaks HTTP; drivers belong to the adapters.',
            },
          ],
        },
      ],
    },
  },
  // Adapters implement the application's ports; they never call into the api or the use cases.
  {
    files: ['backend/src/infrastructure/**/*.ts'],
    ignores: [
      'backend/src/infrastructure/**/*.spec.ts',
      'backend/src/infrastructure/**/*.contract.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/app.module', '**/bootstrap'],
              message: 'Adapters never depend on the api or the module wiring.',
            },
            {
              group: [
                '**/application/*',
                '!**/application/ports',
                '**/application/*/**',
                '!**/application/ports/**',
              ],
              message: 'Adapters know the application only through its ports.',
            },
          ],
        },
      ],
    },
  },
);
