import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The layer rules live in the root ESLint config and run with `npm run lint`; this proves they
 * bite, so that a config change cannot switch them off silently.
 */
const root = join(__dirname, '../../..');

// ESLint loads its ESM config through a dynamic import, which jest's sandbox cannot do, so the
// samples are linted by the real ESLint in a child process.
const LINT_SAMPLE = `
const { ESLint } = require('eslint');
const { filePath, code } = JSON.parse(process.argv[1]);
new ESLint({ cwd: process.cwd() })
  .lintText(code, { filePath })
  .then(([result]) => process.stdout.write(JSON.stringify(result.messages.map((m) => m.message))));
`;

const lint = async (relativePath: string, code: string): Promise<string[]> => {
  const output = execFileSync(
    process.execPath,
    ['-e', LINT_SAMPLE, JSON.stringify({ filePath: join(root, relativePath), code })],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(output) as string[];
};

describe('layer rules', () => {
  it.each([
    ["import { Injectable } from '@nestjs/common';", 'no framework or driver'],
    ["import { MongoClient } from 'mongodb';", 'no framework or driver'],
    ["import { readFileSync } from 'node:fs';", 'does no I/O'],
    [
      "import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store';",
      'depends on nothing outside itself',
    ],
    ['export const at = () => new Date();', 'not the system clock'],
    ['export const at = () => Date.now();', 'not the system clock'],
    ['export const id = () => Math.random();', 'No randomness'],
    ['export const env = () => process.env.X;', 'No environment'],
  ])('rejects %s in the domain', async (code, expected) => {
    const messages = await lint('backend/src/domain/example/example.decider.ts', code);
    expect(messages.join('\n')).toContain(expected);
  });

  it('accepts pure domain code', async () => {
    const messages = await lint(
      'backend/src/domain/example/example.decider.ts',
      "import { ValidationError } from '../shared/errors';\nexport const check = (n: number, at: Date) => { if (n < 0) throw new ValidationError('negative'); return at.toISOString(); };\n",
    );
    expect(messages).toEqual([]);
  });
});
