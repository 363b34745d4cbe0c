import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_ROUTES_FILE, appRoutes, readAppRoutes } from './app-routes';

describe('the app’s pages', () => {
  const isPage = appRoutes(['/', '/leaderboard/', '/post/$id', '/rtm-sys/post/$id', '/files/$']);

  it('are the listed paths, with any one segment for a parameter', () => {
    for (const path of ['/', '/leaderboard', '/post/abc', '/rtm-sys/post/p-1', '/files/a/b/c']) {
      expect([path, isPage(path)]).toEqual([path, true]);
    }
  });

  it('match like the router: a trailing slash and the case of fixed segments do not matter', () => {
    for (const path of ['/leaderboard/', '/Leaderboard', '/post/abc/', '/POST/abc', '/files']) {
      expect([path, isPage(path)]).toEqual([path, true]);
    }
  });

  it('are nothing else', () => {
    for (const path of ['/nope', '/post', '/post/a/b', '/leaderboards', '/rtm-sys/post', '/x/']) {
      expect([path, isPage(path)]).toEqual([path, false]);
    }
  });
});

describe('the build’s list of pages', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'frontend-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (content: string) => {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, APP_ROUTES_FILE), content);
  };

  it('is read from beside index.html', () => {
    write(JSON.stringify({ paths: ['/', '/post/$id'] }));
    const isPage = readAppRoutes(dir);
    expect([isPage('/post/1'), isPage('/user/1')]).toEqual([true, false]);
  });

  it('is required, and must list pages', () => {
    expect(() => readAppRoutes(dir)).toThrow('app-routes.json is missing: build the frontend');
    write(JSON.stringify({ paths: [] }));
    expect(() => readAppRoutes(dir)).toThrow('lists no pages');
  });
});
