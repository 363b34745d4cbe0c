import { lintSamples } from './lint-samples';

/**
 * The layer rules live in the root ESLint config and run with `npm run lint`; this proves they
 * bite, so that a config change cannot switch them off silently.
 */
const DOMAIN_FILE = 'backend/src/domain/example/example.decider.ts';

const REFUSED: [string, string][] = [
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
];
const PURE =
  "import { ValidationError } from '../shared/errors';\nexport const check = (n: number, at: Date) => { if (n < 0) throw new ValidationError('negative'); return at.toISOString(); };\n";

describe('layer rules', () => {
  let refused: string[][];
  let pure: string[];
  beforeAll(() => {
    const answers = lintSamples([
      ...REFUSED.map(([source]) => ({ file: DOMAIN_FILE, source })),
      { file: DOMAIN_FILE, source: PURE },
    ]);
    refused = answers.slice(0, REFUSED.length);
    pure = answers[REFUSED.length];
  }, 120_000);

  it.each(REFUSED.map(([code, expected], i) => [code, expected, i] as const))(
    'rejects %s in the domain',
    (_code, expected, i) => {
      expect(refused[i].join('\n')).toContain(expected);
    },
  );

  it('accepts pure domain code', () => {
    expect(pure).toEqual([]);
  });
});
