import { lintSamples } from './lint-samples';

/**
 * The layer rules of the lint configuration, checked on small sources placed in each layer: a
 * wrong-layer import must fail the lint, and the imports each layer is meant to use must pass.
 */
/** The import-rule messages for each source, linted as if it were that file. */
function restrictedImports(cases: { file: string; source: string }[]): string[][] {
  return lintSamples(
    cases.map(({ file, source }) => ({ file: `backend/src/${file}`, source })),
  ).map((messages) =>
    messages.filter((message) => /^(@typescript-eslint\/)?no-restricted-imports:/.test(message)),
  );
}

const uses = (...specifiers: string[]) =>
  specifiers
    .map((s, i) => `import * as m${i} from '${s}';\nexport const u${i} = m${i};\n`)
    .join('');

const REFUSED: [string, string][] = [
  ['domain/post/x.ts', '../../application/community/post-reads'],
  ['domain/post/x.ts', '../../projections/posts/posts.projection'],
  ['projections/posts/x.ts', '../../application/ports/read-store.port'],
  ['projections/posts/x.ts', '../../infrastructure/read-store/embedded-read-store'],
  ['application/community/x.ts', '../../infrastructure/images/image-pipeline'],
  ['application/community/x.ts', '../../api/community/board-answers'],
  ['application/community/x.ts', 'mongodb'],
  ['api/community/x.ts', '../../infrastructure/read-store/read-store.contract'],
  ['api/community/x.ts', '../../infrastructure/mail/outbox-mail-sender'],
  ['api/community/x.ts', 'better-sqlite3'],
  ['api/health/x.ts', '../../application/ports/read-store.port'],
  ['api/health/x.ts', '../../application/ports/event-store.port'],
  ['infrastructure/images/x.ts', '../../application/community/post-reads'],
  ['infrastructure/images/x.ts', '../../api/upload/upload.controller'],
];

const ALLOWED: [string, string[]][] = [
  ['projections/posts/x.ts', ['../../domain/post/post.events', '../read-model']],
  // The spec helpers sit inside the layers whose specs use them.
  ['domain/post/x.spec.ts', ['../shared/testing/decider-specification']],
  ['projections/posts/x.spec.ts', ['../testing/projection-specification']],
  ['application/community/x.spec.ts', ['../../../test/support/use-case-specification']],
  [
    'application/community/x.ts',
    [
      '../../domain/post/post.events',
      '../ports/read-store.port',
      '../../projections/posts/posts.projection',
      '@nestjs/common',
    ],
  ],
  [
    'api/community/x.ts',
    [
      '../../application/community/post-reads',
      '../../domain/shared/errors',
      '@nestjs/common',
      'express',
    ],
  ],
  [
    'infrastructure/images/x.ts',
    ['../../application/ports/image-processor.port', '../../domain/post/perceptual-hash', 'sharp'],
  ],
];

const TYPE_ONLY =
  "import type { PostDocument } from '../../projections/posts/posts.projection';\nexport type P = PostDocument;\n";
const VALUE =
  "import { POSTS } from '../../projections/posts/posts.projection';\nexport const p = POSTS;\n";

describe('rules between the layers', () => {
  let refused: string[][];
  let allowed: string[][];
  let readModel: string[][];
  beforeAll(() => {
    const all = restrictedImports([
      ...REFUSED.map(([file, specifier]) => ({ file, source: uses(specifier) })),
      ...ALLOWED.map(([file, specifiers]) => ({ file, source: uses(...specifiers) })),
      { file: 'api/community/x.ts', source: TYPE_ONLY },
      { file: 'api/community/x.ts', source: VALUE },
    ]);
    refused = all.slice(0, REFUSED.length);
    allowed = all.slice(REFUSED.length, REFUSED.length + ALLOWED.length);
    readModel = all.slice(REFUSED.length + ALLOWED.length);
  }, 120_000);

  it.each(REFUSED.map((c, i) => [...c, i] as const))('refuses %s importing %s', (_f, _s, i) => {
    expect(refused[i]).toHaveLength(1);
  });

  it.each(ALLOWED.map((c, i) => [c[0], i] as const))(
    'lets %s import what its layer uses',
    (_f, i) => {
      expect(allowed[i]).toEqual([]);
    },
  );

  it('lets the api name a read model type, but not read the collection itself', () => {
    expect(readModel[0]).toEqual([]);
    expect(readModel[1]).toHaveLength(1);
  });
});
