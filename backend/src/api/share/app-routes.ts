import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's pages, as the frontend build lists them (frontend/src/app-routes.ts): the router's
 * full paths, a `$name` segment standing for any one segment and a lone `$` for the rest of the
 * path. Any other path is not a page of the app, and gets the app's page with status 404.
 */
export const APP_ROUTES_FILE = join('.vite', 'app-routes.json');

/** Whether a path is one of the app's pages. */
export type AppRoutes = (path: string) => boolean;

/** The list the build wrote beside index.html; a build without it is refused at start. */
export function readAppRoutes(frontendDir: string): AppRoutes {
  const file = join(frontendDir, APP_ROUTES_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the frontend again (npm run build).`);
  }
  const { paths } = JSON.parse(readFileSync(file, 'utf8')) as { paths?: unknown };
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) {
    throw new Error(`${file} lists no pages: build the frontend again (npm run build).`);
  }
  return appRoutes(paths as string[]);
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * A matcher for the router's paths. Like the router (its default), a page's fixed segments match
 * in any case, and a trailing slash makes no difference.
 */
export function appRoutes(paths: readonly string[]): AppRoutes {
  const patterns = paths.map(segmentsOf);
  const matches = (pattern: string[], segments: string[]) => {
    for (const [index, part] of pattern.entries()) {
      if (part === '$') return true;
      const segment = segments[index];
      if (segment === undefined) return false;
      if (part.startsWith('$')) continue;
      if (part.toLowerCase() !== segment.toLowerCase()) return false;
    }
    return segments.length === pattern.length;
  };
  return (path) => {
    const segments = segmentsOf(path);
    return patterns.some((pattern) => matches(pattern, segments));
  };
}
