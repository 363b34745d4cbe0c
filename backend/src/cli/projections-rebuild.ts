/**
 * `npm run projections:rebuild`: replays the whole log into fresh read models and swaps them in
 * for the live ones (see `rebuildReadModels`). With the embedded stores, stop the app first (the
 * data directory lock enforces it).
 */
import { ConfigError, loadConfig } from '../config/config';
import { rebuildReadModels } from './rebuild-read-models';

async function main() {
  const config = loadConfig();
  const { events, ms, projections } = await rebuildReadModels(config, (line) =>
    process.stderr.write(`${line}\n`),
  );
  const rate = ms > 0 ? Math.round((events / ms) * 1000) : events;
  process.stdout.write(
    `Rebuilt ${projections} read model(s) from ${events} events in ${ms.toFixed(0)} ms (${rate} events/s)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
