/**
 * `node backend/dist-bench/bench/online-rebuild-bench.js [DIR] [--scale=0.2]` (after
 * `npx nx run backend:build-bench`): the online rebuild under board load, on a log seeded into DIR
 * once. Boards read by 64 connections during a rebuild of every read model beside the same without
 * one (no request may fail, p99 at most 3 times), and the rebuild's rate beside a raw scan of the
 * log (at least 0.45 times). Printed, never asserted.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdirSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../bootstrap';
import { EVENT_STORE, type EventStore } from '../application/ports/event-store.port';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import type { ProjectionRunner } from '../infrastructure/projection-runner/projection-runner';
import { PROJECTION_RUNNER } from '../modules/infrastructure.module';
import { type Load, load, loadUntilStopped } from './bench-http';
import { benchConfig } from './community.bench';
import { seedScaledLogOnce } from './scaled-seed';
import { Report } from './figures';
import { readAndParse, rebuildFromNothing } from './rebuild.bench';

const CONNECTIONS = 64;
const BOARD = '/api/posts?sort=top';
/** The goals (printed beside the figures). */
const P99_AT_MOST = 3;
const RATE_AT_LEAST = 0.45;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const scale = Number(args.find((arg) => arg.startsWith('--scale='))?.slice(8) ?? 1);
  if (!(scale > 0))
    throw new Error('Usage: online-rebuild-bench.js [DIR] [--scale=a number above 0]');
  const dir = args.find((arg) => !arg.startsWith('--'));
  const dataDir = dir ?? mkdtempSync(join(tmpdir(), 'bench-online-rebuild-'));
  mkdirSync(dataDir, { recursive: true });
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const report = new Report(out);
  const config = benchConfig(dataDir);
  const file = join(dataDir, 'events.sqlite');

  await seedScaledLogOnce(dataDir, scale, report);
  const events = new SqliteEventStore(file);
  try {
    await rebuildFromNothing(config, events);
  } finally {
    await events.close();
  }
  const scan = readAndParse(file);

  let app: NestExpressApplication | null = null;
  try {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const runner = app.get<ProjectionRunner>(PROJECTION_RUNNER);
    const head = await app.get<EventStore>(EVENT_STORE).headPosition();
    if (head !== null) await runner.waitForPosition(head, 600_000);
    await load(port, BOARD, { connections: CONNECTIONS, seconds: 2, warmUpSeconds: 0 });

    // The anchor first, for about as long as the rebuild will take (the scan's time, doubled).
    const anchorMs = Math.max(5000, (2 * Number(head ?? 0n) * 1000) / scan.value);
    const quiet = await loadUntilStopped(port, BOARD, CONNECTIONS);
    await new Promise((resolve) => setTimeout(resolve, anchorMs));
    const without = await quiet.stop();

    const busy = await loadUntilStopped(port, BOARD, CONNECTIONS);
    const rebuilt = await runner.rebuildOnline();
    const during = await busy.stop();

    const rate = (rebuilt.events / rebuilt.ms) * 1000;
    report.heading(
      `Online rebuild of ${rebuilt.events} events, ${CONNECTIONS} connections reading ${BOARD}`,
    );
    out(`  rebuild: ${(rebuilt.ms / 1000).toFixed(1)} s, ${Math.round(rate)} events/s`);
    out(`  raw scan of the log (${scan.name}): ${Math.round(scan.value)} events/s`);
    out(`  ratio: ${(rate / scan.value).toFixed(2)} (goal ≥ ${RATE_AT_LEAST})`);
    out(line('without a rebuild', without));
    out(line('during the rebuild', during));
    out(`  p99 ratio: ${(during.p99 / without.p99).toFixed(2)} (goal ≤ ${P99_AT_MOST})`);
    out(`  failed requests during the rebuild: ${during.failures} (goal 0)`);
  } finally {
    await app?.close();
  }
}

function line(label: string, figures: Load): string {
  return `  boards ${label}: ${Math.round(figures.perSecond)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.requests} requests, ${figures.failures} failed`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
