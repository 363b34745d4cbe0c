/**
 * `node backend/dist-bench/bench/rebuild-bench.js [DIR] [--scale=0.2] [--runs=3]` (after
 * `npx nx run backend:build-bench`): the community bench's projection rebuild figure alone, to
 * measure a change to the projections or the stores without the whole bench. The log is seeded
 * into DIR once and kept; each run measures the rebuild and its anchor in alternating rounds, as
 * `npm run bench` does. Compare ratios, and only runs at the same scale.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig } from './community.bench';
import { seedScaledLogOnce } from './scaled-seed';
import { rebuildReadModels } from './rebuild.bench';
import { Report } from './figures';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const scale = Number(option('scale') ?? 1);
  const runs = Number(option('runs') ?? 1);
  if (!(scale > 0) || !Number.isInteger(runs) || runs < 1) {
    throw new Error('Usage: rebuild-bench.js [DIR] [--scale=a number above 0] [--runs=1 or more]');
  }
  const dir = args.find((arg) => !arg.startsWith('--'));
  const dataDir = dir ?? mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
  mkdirSync(dataDir, { recursive: true });
  const report = new Report((text) => process.stdout.write(`${text}\n`));

  if (!(await seedScaledLogOnce(dataDir, scale, report))) {
    report.heading(`Seeded log kept in ${dataDir}`);
  }
  const config = benchConfig(dataDir);
  for (let run = 1; run <= runs; run += 1) {
    report.heading(`Run ${run} of ${runs}`);
    await rebuildReadModels(config, report);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
