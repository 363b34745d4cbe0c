/**
 * The app's pages, as the server needs them: the build writes the router's full paths
 * (`/post/$id`, `/leaderboard/`…) to dist/.vite/app-routes.json, and the server answers any other
 * path with the app's page and status 404, so crawlers and link previews do not index it.
 */

/** Where the build writes the list, under the output folder (never served: a dot folder). */
export const APP_ROUTES_FILE = '.vite/app-routes.json';

/**
 * The full paths the generated route tree (src/routeTree.gen.ts) declares, in its order: the keys
 * of its `FileRoutesByFullPath` interface.
 */
export function routePathsOf(routeTreeSource: string): string[] {
  const body = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTreeSource)?.[1];
  if (body === undefined) {
    throw new Error(
      'The route tree has no FileRoutesByFullPath: is it the router’s generated file?',
    );
  }
  const paths = [...body.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
  if (paths.length === 0) throw new Error('The route tree declares no pages.');
  return paths;
}
