import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { APP_ROUTES_FILE } from '../../src/api/share/app-routes';

/** Some of the app's pages, as the frontend build lists them (dist/.vite/app-routes.json). */
export const FAKE_APP_ROUTES = [
  '/',
  '/login',
  '/my-posts',
  '/termsofservice',
  '/privacypolicy',
  '/how-ratings-work',
  '/leaderboard/',
  '/post/$id',
  '/user/$userId',
  '/rtm-sys',
  '/rtm-sys/',
  '/rtm-sys/posts',
];

/**
 * A built frontend's folder, in a new temporary folder: its index.html, its list of pages and any
 * other files (path relative to the folder → content). Returns the folder.
 */
export function fakeFrontend(indexHtml: string, files: Record<string, string | Buffer> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'frontend-'));
  const all = {
    'index.html': indexHtml,
    [APP_ROUTES_FILE]: JSON.stringify({ paths: FAKE_APP_ROUTES }),
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}
