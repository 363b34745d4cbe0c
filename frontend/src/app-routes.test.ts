import { QueryClient } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routePathsOf } from './app-routes';
import { createAppRouter } from './router';

const generated = readFileSync(new URL('./routeTree.gen.ts', import.meta.url), 'utf8');

describe('the pages the build lists for the server', () => {
  it('are exactly the router’s pages', () => {
    const router = createAppRouter(new QueryClient());
    const routerPaths = Object.values(router.routesById)
      .filter((route) => !route.isRoot)
      .map((route) => route.fullPath as string);
    expect([...routePathsOf(generated)].sort()).toEqual([...new Set(routerPaths)].sort());
  });

  it('include the pages with parameters and the admin’s', () => {
    expect(routePathsOf(generated)).toEqual(
      expect.arrayContaining(['/', '/post/$id', '/user/$userId', '/rtm-sys/users']),
    );
  });

  it('refuse a file that is not the route tree', () => {
    expect(() => routePathsOf('export const x = 1;')).toThrow('FileRoutesByFullPath');
    expect(() => routePathsOf('export interface FileRoutesByFullPath {}')).toThrow('no pages');
  });
});
