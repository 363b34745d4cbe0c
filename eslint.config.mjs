import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
    files: ['backend/**/*.{ts,js}', '*.{js,mjs}', '.ci/**/*.{js,mjs}'],
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
  // Projections are pure functions too; they may name port types, nothing more.
  {
    files: ['backend/src/projections/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            DRIVERS,
            NODE_IO,
            {
              group: ['**/infrastructure/**', '**/api/**', '**/application/**'],
              allowTypeImports: true,
              message: 'Projections may import types from ports, never implementations.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...PURE_SYNTAX],
    },
  },
);
