import { QueryClient } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

/**
 * The server renders some pages and keeps each rendered page under its path and the query
 * parameters the page reads, dropping the others (`SERVER_RENDERED` and `PAGE_PARAMETERS` in
 * backend/src/api/ssr/server-rendered-pages.ts). A parameter a route starts reading in its
 * `validateSearch` must be listed there too, or every value of it gets the page rendered without
 * it: this test ties the two lists to the routes.
 */
const server = readFileSync(
  new URL('../../backend/src/api/ssr/server-rendered-pages.ts', import.meta.url),
  'utf8',
);

/** The body of `const NAME … = [ … ];` in the server's file. */
function listBody(name: string): string {
  const body = new RegExp(`const ${name}\\b[^=]*= \\[\\n([\\s\\S]*?)\\n\\];`).exec(server)?.[1];
  if (body === undefined) throw new Error(`No ${name} list in server-rendered-pages.ts`);
  return body;
}

const serverRendered = [...listBody('SERVER_RENDERED').matchAll(/^\s*\/(.+)\/,$/gm)].map(
  (match) => new RegExp(match[1]!),
);
const pageParameters = [
  ...listBody('PAGE_PARAMETERS').matchAll(/^\s*\[\/(.+)\/, \[(.*)\]\],$/gm),
].map(
  (match) =>
    [
      new RegExp(match[1]!),
      [...match[2]!.matchAll(/'([^']+)'/g)].map((name) => name[1]!).sort(),
    ] as const,
);

/** The query parameters a `validateSearch` reads, by calling it on a search that records them. */
function parametersRead(validate: (search: Record<string, unknown>) => unknown): string[] {
  const read = new Set<string>();
  const search = new Proxy<Record<string, unknown>>(
    {},
    {
      get: (_, key) => {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
      has: (_, key) => {
        if (typeof key === 'string') read.add(key);
        return false;
      },
      ownKeys: () => {
        throw new Error('A validateSearch that copies the whole search reads every parameter');
      },
    },
  );
  validate(search);
  return [...read].sort();
}

describe('the query parameters of the server-rendered pages', () => {
  it('are found in the server’s file', () => {
    expect(serverRendered.length).toBeGreaterThan(5);
    expect(pageParameters.length).toBeGreaterThan(1);
  });

  it('are, for each server-rendered route, the ones its validateSearch reads', () => {
    const router = createAppRouter(new QueryClient());
    const checked: string[] = [];
    for (const route of Object.values(router.routesById)) {
      const validate = route.options.validateSearch as
        ((search: Record<string, unknown>) => unknown) | undefined;
      if (route.isRoot) {
        expect(validate, 'the root route reads no query').toBeUndefined();
        continue;
      }
      const path = (route.fullPath as string).replace(/\$[^/]+/g, 'x');
      if (!serverRendered.some((pattern) => pattern.test(path))) continue;
      const listed = pageParameters.find(([pattern]) => pattern.test(path))?.[1] ?? [];
      expect(validate ? parametersRead(validate) : [], route.fullPath as string).toEqual(listed);
      checked.push(route.fullPath as string);
    }
    expect(checked).toEqual(expect.arrayContaining(['/leaderboard/', '/post/$id']));
  });
});
