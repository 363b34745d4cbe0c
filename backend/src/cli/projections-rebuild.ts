/**
 * `npm run projections:rebuild`: rebuilds the read models from the log. Against a running site (the
 * data directory locked by the app, or MongoDB without `--offline`) it asks the app to rebuild
 * online (`ProjectionRunner.rebuildOnline`) and waits until it has taken the request up; progress
 * is in `/api/health` and the metrics. With the site stopped (or `--offline`) it rebuilds here
 * (`rebuildReadModels`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/config';
import { createReadStore } from '../infrastructure/adapters';
import {
  REBUILD_REQUEST_FILE,
  rebuildTaken,
  requestRebuild,
} from '../infrastructure/projection-runner/rebuild-requests';
import { asksTheRunningApp } from './rebuild-mode';
import { rebuildReadModels } from './rebuild-read-models';

/** How long the running app may take to take a request up (it looks at each lease renewal). */
const TAKEN_WITHIN_MS = 30_000;

async function main() {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const offline = args.includes('--offline');
  if (asksTheRunningApp(args, config)) {
    const readStore = await createReadStore(config);
    try {
      const asked = await requestRebuild({ readStore });
      await taken(async () => ((await rebuildTaken(readStore)) ?? 0n) >= asked);
    } finally {
      await readStore.close();
    }
    return;
  }
  try {
    const { events, ms, projections } = await rebuildReadModels(config, (line) =>
      process.stderr.write(`${line}\n`),
    );
    const rate = ms > 0 ? Math.round((events / ms) * 1000) : events;
    process.stdout.write(
      `Rebuilt ${projections} read model(s) from ${events} events in ${ms.toFixed(0)} ms (${rate} events/s)\n`,
    );
  } catch (error) {
    if (offline || !String(error).includes('is in use by process')) throw error;
    // The app runs on this data directory: it rebuilds online.
    await requestRebuild({ dataDir: config.dataDir });
    await taken(async () => !existsSync(join(config.dataDir, REBUILD_REQUEST_FILE)));
  }
}

/** Waits for the running app to take the request up; says what happens next either way. */
async function taken(isTaken: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + TAKEN_WITHIN_MS;
  while (Date.now() < until) {
    if (await isTaken()) {
      process.stdout.write(
        'The running app is rebuilding the read models beside the live ones; follow /api/health (rebuild) or the solescore_projections_rebuild_* metrics\n',
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    'No running app took the rebuild request up (is one running with the projections?). The request stays for the next start; with the site stopped, run with --offline.',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
