/**
 * `npm run projections:rebuild`: drops every read model and replays the whole log into them.
 * With the embedded stores, stop the app first (the data directory lock enforces it).
 */
import { createEventStore, createReadStore } from '../infrastructure/adapters';
import { ConfigError, loadConfig } from '../config/config';
import { DataDirLock } from '../infrastructure/config/data-dir-lock';
import { ProjectionRunner } from '../infrastructure/projection-runner/projection-runner';
import { allProjections, PROJECTIONS_VERSION } from '../projections/all-projections';

async function main() {
  const config = loadConfig();
  const lock =
    config.eventStoreUrl && config.mongoUrl
      ? null
      : DataDirLock.acquire(config.dataDir, 'projections:rebuild');
  const eventStore = await createEventStore(config);
  const readStore = await createReadStore(config);
  try {
    const runner = new ProjectionRunner(eventStore, readStore, allProjections, {
      version: PROJECTIONS_VERSION,
    });
    const { events, ms } = await runner.rebuild();
    const rate = ms > 0 ? Math.round((events / ms) * 1000) : events;
    process.stdout.write(
      `Rebuilt ${allProjections.length} read model(s) from ${events} events in ${ms.toFixed(0)} ms (${rate} events/s)\n`,
    );
  } finally {
    await eventStore.close();
    await readStore.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
