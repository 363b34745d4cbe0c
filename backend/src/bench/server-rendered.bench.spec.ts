import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SequentialClient } from './bench-http';
import { Report } from './figures';
import { builtFrontendWithRender, serverRenderedBoard } from './server-rendered.bench';

/** A server answering the board page (rendered or not) and the static route; it notes paths. */
async function pageServer(rendered: boolean) {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/api/health/live') {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"status":"ok"}');
      return;
    }
    res.setHeader('Content-Type', 'text/html');
    const state = rendered ? '<script type="application/json" id="server-state">{}</script>' : '';
    res.end(`<!doctype html><div id="root"></div>${state}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, paths, port: (server.address() as AddressInfo).port };
}

describe('the server-rendered board’s time to first byte', () => {
  let server: Server | null = null;
  let client: SequentialClient | null = null;

  afterEach(async () => {
    client?.close();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    }
  });

  it('given a server that renders the board, when measured, then it reports the kept and the rendered page beside the static route', async () => {
    const started = await pageServer(true);
    server = started.server;
    client = new SequentialClient(started.port);
    const report = new Report(() => undefined);

    await serverRenderedBoard(client, 3, report);

    expect(
      report.figures.map((f) => [f.name.split(',')[0], f.goal, f.rounds?.ratios.length]),
    ).toEqual([
      ['GET /leaderboard', 'ratio ≤ 2×', 6],
      ['GET /leaderboard?bench=N', 'ratio ≤ 2×', 6],
    ]);
    expect(report.figures[0].anchor?.name).toContain('GET /api/health/live');
    // Every request of the rendered series asked for an address the server had not seen.
    const fresh = started.paths.filter(
      (p) => p.startsWith('/leaderboard?bench=') && p !== '/leaderboard?bench=0',
    );
    expect(fresh.length).toBe(6 * 4);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect(report.figures[1].details).toMatchObject({ requests: 6 * 3 });
  });

  it('given a server that sends the app’s empty page, when measured, then it fails instead of timing it', async () => {
    const started = await pageServer(false);
    server = started.server;
    client = new SequentialClient(started.port);

    await expect(serverRenderedBoard(client, 3, new Report(() => undefined))).rejects.toThrow(
      'GET /leaderboard answered 200 without a server-rendered page',
    );
  });

  it('given a frontend build with or without its render bundle, when looked for, then only the one with it is found', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-frontend-'));
    try {
      mkdirSync(join(root, 'frontend/dist/.ssr'), { recursive: true });
      expect(builtFrontendWithRender(root)).toBeNull();
      writeFileSync(join(root, 'frontend/dist/.ssr/entry-server.cjs'), '');
      expect(builtFrontendWithRender(root)).toBe(join(root, 'frontend/dist'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
