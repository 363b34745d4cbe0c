import { lintSamples, type LintSample } from './lint-samples';

/**
 * Two rules of the root ESLint config, each shown refusing a planted violation and letting the
 * code it is not about through:
 * - no module of the backend or the frontend reaches itself through its imports
 *   (`import-x/no-cycle`: static imports, re-exports and `import()`);
 * - a write has one door: only StreamWrites runs a decider or declares `decide`, and nothing
 *   reads the event store off another object or a handler's collaborator.
 */
const circle = (dir: string, a: string, b: string): LintSample => ({
  files: { [`${dir}/a.ts`]: a, [`${dir}/b.ts`]: b },
});
const IMPORTS_A = "import { a } from './a';\nexport const b = () => a;\n";

const CIRCLES: [string, LintSample][] = [
  [
    'backend, static imports',
    circle('backend/src/x', "import { b } from './b';\nexport const a = () => b;\n", IMPORTS_A),
  ],
  [
    'frontend, a re-export',
    circle('frontend/src/x', "export { b } from './b';\nexport const a = 1;\n", IMPORTS_A),
  ],
  [
    'frontend, an import()',
    circle('frontend/src/x', "export const a = () => import('./b');\n", IMPORTS_A),
  ],
];
const NO_CIRCLE = circle('frontend/src/x', "export { b } from './b';\n", 'export const b = 1;\n');

const APP = 'backend/src/application/community/example.ts';
const HANDLER = 'backend/src/application/community/example/example.handler.ts';
const RUN_DECIDER =
  "import { runDecider } from '../shared/decider-runner';\nexport const r = runDecider;\n";
const DOOR_REFUSED: [string, string, string][] = [
  [APP, RUN_DECIDER, 'only it runs a decider'],
  ['backend/src/application/community/example.spec.ts', RUN_DECIDER, 'only it runs a decider'],
  [
    APP,
    'export class Writer {\n  decide() {\n    return 1;\n  }\n}\n',
    'Only StreamWrites declares',
  ],
  [APP, 'export interface Writer {\n  decide(): number;\n}\n', 'Only StreamWrites declares'],
  [
    APP,
    'export class R {\n  constructor(private readonly writes: { eventStore: object }) {}\n  run() {\n    return this.writes.eventStore;\n  }\n}\n',
    'do not reach for its event store',
  ],
  [
    APP,
    'export const head = (writes: { eventStore: object }) => writes.eventStore;\n',
    'do not reach for its event store',
  ],
  [
    APP,
    'export class R {\n  constructor(private readonly writes: { eventStore: object }) {}\n  run() {\n    const { eventStore } = this.writes;\n    return eventStore;\n  }\n}\n',
    'do not reach for its event store',
  ],
  [
    HANDLER,
    'export class H {\n  constructor(private readonly posts: { readStore: object }) {}\n  execute() {\n    return this.posts.readStore;\n  }\n}\n',
    'their stores are theirs',
  ],
];
const DOOR_ALLOWED: [string, string][] = [
  ['backend/src/application/shared/stream-writes.ts', RUN_DECIDER],
  ['backend/src/application/shared/decider-runner.spec.ts', RUN_DECIDER],
  [
    APP,
    'export class R {\n  constructor(private readonly eventStore: object) {}\n  run() {\n    return this.eventStore;\n  }\n}\n',
  ],
  [APP, 'export const store = (world: { eventStore: object }) => world.eventStore;\n'],
  [
    APP,
    'export class R {\n  eventStore = {};\n  mail = {};\n  run() {\n    const { eventStore, mail } = this;\n    return [eventStore, mail];\n  }\n}\n',
  ],
];

describe('import circles and the write door, in the linter', () => {
  let answers: string[][];
  beforeAll(() => {
    answers = lintSamples([
      ...CIRCLES.map(([, sample]) => sample),
      NO_CIRCLE,
      ...DOOR_REFUSED.map(([file, source]) => ({ file, source })),
      ...DOOR_ALLOWED.map(([file, source]) => ({ file, source })),
    ]);
  }, 120_000);
  const at = (offset: number) => answers[offset];

  it.each(CIRCLES.map(([name], i) => [name, i] as const))(
    'refuses a circle of two modules (%s)',
    (_name, i) => {
      expect(at(i)).toEqual([
        'import-x/no-cycle: Dependency cycle detected',
        'import-x/no-cycle: Dependency cycle detected',
      ]);
    },
  );

  it('lets modules that import without a circle through', () => {
    expect(at(CIRCLES.length)).toEqual([]);
  });

  const refusedFrom = CIRCLES.length + 1;
  it.each(DOOR_REFUSED.map(([file, source, expected], i) => [file, source, expected, i] as const))(
    'refuses in %s: %s',
    (_file, _source, expected, i) => {
      expect(at(refusedFrom + i).join('\n')).toContain(expected);
    },
  );

  const allowedFrom = refusedFrom + DOOR_REFUSED.length;
  it.each(DOOR_ALLOWED.map(([file, source], i) => [file, source, i] as const))(
    'lets through in %s: %s',
    (_file, _source, i) => {
      expect(at(allowedFrom + i)).toEqual([]);
    },
  );
});
